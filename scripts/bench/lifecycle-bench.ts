import postgres from 'postgres';
import { benchServerEnded, howBenchServerEnded, startBenchServer, stopBenchServer } from './bench-server';
import { peakRssMb, postgresCpuMs, processCpuMs } from './cpu-time';
import { pollDashboards, signIn, type DashboardReads } from './dashboard-polls';
import { databaseWorkMeter, workPerOrder, type DatabaseWork } from './database-work';
import { vacuumHotTables } from './hot-tables';
import { lifecycleLimit, type LimitKind } from './lifecycle-limit';
import { FINAL_EVENT, lifecycleActors, proofImage, type LifecycleActors, type LifecycleKind } from './lifecycle-orders';
import { prepareLifecycleParties, type LifecycleParties } from './lifecycle-parties';
import { serverStatements } from './server-statements';
import { percentile, type Measured } from './sql-baseline';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

/** One lifecycle row: whole orders, from the create to the merchant's last webhook. */
interface LifecycleRow {
  key: string;
  name: string;
  /** Orders whose every step answered and whose final webhook arrived, per second of the row. */
  ordersPerSecond: number;
  finished: Record<LifecycleKind, number>;
  /** Time of one lifecycle's steps, from the create's request to the last step's answer (ms). */
  p50: number;
  p90: number;
  p99: number;
  /** Lifecycles a step of which was refused or failed. */
  errors: number;
  /** Requests sent again after a 429 or 503 with Retry-After. */
  retries: number;
  /** Seconds from the last step's answer to the last webhook's arrival. */
  webhookDrainSeconds: number;
  /** Distinct events the receiver got in the row, and repeats of events it had. */
  webhooks: { events: number; duplicates: number };
  cpuMsPerOrder: { server: number; database: number; loader: number };
  /**
   * Statements the lifecycle server sent to PostgreSQL per finished order, from its /metrics
   * (`corridor_db_statements_total`): its webhook worker's polls included, the bench's own not.
   */
  statementsPerOrder: number;
  databasePerOrder: DatabaseWork;
  /** The dashboards' reads during the row (the mixed row). */
  dashboards?: DashboardReads;
  /** What the end-of-row checks found wrong; a row with any fails the run. */
  failures: string[];
}

export interface LifecycleMeasured {
  rows: LifecycleRow[];
  /** The one-round-trip-per-step limit of each lifecycle (scripts/bench/lifecycle-limit.sql). */
  limits: (Measured & { key: string; name: string })[];
  /** The lifecycle server's peak RSS (its own process, started for these rows). */
  peakRssMb: number;
  workers: number;
  seconds: number;
}

interface Settings {
  root: string;
  port: number;
  url: string;
  workers: number;
  seconds: number;
  /** pgbench's path, for the limit rows; undefined: no limit rows. */
  pgbench?: string;
  selected: (key: string) => boolean;
}

/** The rows in the order they run; `--only=lifecycle` runs them all. */
const LIFECYCLE_ROWS: { key: string; name: string; mix: LifecycleKind[]; limit?: LimitKind; dashboardsPerSecond?: number }[] = [
  { key: 'lifecycle-payout', name: 'payout lifecycle: create, accept, proof, CONFIRM, webhooks', mix: ['payout'], limit: 'payout' },
  { key: 'lifecycle-payin', name: 'pay-in lifecycle: create, paid, release and settle, webhooks', mix: ['payin'], limit: 'payin' },
  // A gateway's day: more pay-ins than payouts, and people watching their lists meanwhile.
  { key: 'lifecycle-mixed', name: 'mixed: 4 pay-ins : 1 payout, dashboards polling 4 reads/s', mix: ['payin', 'payin', 'payout', 'payin', 'payin'], dashboardsPerSecond: 4 },
];

export const lifecycleSelected = (selected: (key: string) => boolean) =>
  selected('lifecycle') || LIFECYCLE_ROWS.some((row) => selected(row.key) || selected(`${row.key}-limit`));

/**
 * The lifecycle rows (docs/performance.md, "Lifecycles"): a server of their own with the webhook
 * worker on, merchants whose endpoint is a receiver in this process, and `workers` loops each
 * driving one whole order at a time through the public APIs. Each row ends when every finished
 * order's final event has arrived, then checks the orders' states and the deliveries.
 */
export async function lifecycleBench(settings: Settings, log: (line: string) => void): Promise<LifecycleMeasured> {
  const receiver = await startWebhookReceiver();
  log('lifecycle: preparing merchants with webhook endpoints, trader bot keys, dashboard users…');
  const parties = await prepareLifecycleParties(settings.url, { webhookUrl: receiver.url, merchants: 20, keysPerTrader: 32 });
  log('lifecycle: starting the production server with the webhook worker…');
  const server = await startBenchServer(settings.root, settings.port, { DATABASE_URL: settings.url, CORRIDOR_WEBHOOK_WORKER: 'on' });
  const base = `http://127.0.0.1:${settings.port}`;
  const rows: LifecycleRow[] = [];
  const limits: LifecycleMeasured['limits'] = [];
  let rss = 0;
  const all = settings.selected('lifecycle');
  try {
    const actors = lifecycleActors(base, parties, await proofImage());
    for (const row of LIFECYCLE_ROWS) {
      if (all || settings.selected(row.key)) {
        log(`${row.name}…`);
        await vacuumHotTables(settings.url);
        const cookies = row.dashboardsPerSecond
          ? { trader: await signIn(base, parties.dashboards.trader), merchant: await signIn(base, parties.dashboards.merchant) }
          : undefined;
        // A row on a server that died part-way (its stderr says why) measures nothing: stop with
        // that as the reason, not the refused connection it shows up as.
        const serverEnded = (cause?: unknown) => new Error(`the server ended during "${row.name}" (${howBenchServerEnded(server)})`, cause === undefined ? undefined : { cause });
        const measured = await lifecycleRow(row, {
          ...settings,
          base,
          actors,
          parties,
          receiver,
          serverPid: server.pid!,
          dashboards: cookies && row.dashboardsPerSecond ? { cookies, perSecond: row.dashboardsPerSecond } : undefined,
        }).catch((error: unknown) => {
          throw benchServerEnded(server) ? serverEnded(error) : error;
        });
        log(`  ${measured.finished.payout + measured.finished.payin} orders finished, ${measured.errors} failed${measured.failures.length > 0 ? `; FAILED: ${measured.failures.join('; ')}` : ''}`);
        if (benchServerEnded(server)) throw serverEnded();
        // The high-water mark only grows: read while the process is there to read.
        rss = peakRssMb(server.pid!);
        rows.push(measured);
      }
    }
  } finally {
    await stopBenchServer(server);
    await receiver.close();
  }
  // After the server has stopped: its webhook worker would otherwise deliver the limit rows' events.
  for (const row of LIFECYCLE_ROWS) {
    if (row.limit && settings.pgbench && (all || settings.selected(`${row.key}-limit`))) {
      const name = `limit: the ${row.limit === 'payout' ? 'payout' : 'pay-in'} lifecycle's SQL, one round trip per step (pgbench)`;
      log(`${name}…`);
      await vacuumHotTables(settings.url);
      const database = postgresCpuMs();
      const measured = await lifecycleLimit(settings.pgbench, settings.url, row.limit, parties, settings.workers, settings.seconds);
      const perOrder = measured.total > 0 ? (postgresCpuMs() - database) / measured.total : 0;
      limits.push({ key: `${row.key}-limit`, name, ...measured, cpuMsPerRequest: { database: perOrder, loader: 0 } });
    }
  }
  return { rows, limits, peakRssMb: rss, workers: settings.workers, seconds: settings.seconds };
}

interface RowContext extends Settings {
  base: string;
  actors: LifecycleActors;
  parties: LifecycleParties;
  receiver: WebhookReceiver;
  serverPid: number;
  dashboards?: { cookies: { trader: string; merchant: string }; perSecond: number };
}

async function lifecycleRow(row: (typeof LIFECYCLE_ROWS)[number], context: RowContext): Promise<LifecycleRow> {
  const { actors, receiver } = context;
  const meter = await databaseWorkMeter(context.url);
  const failures: string[] = [];
  try {
    const before = {
      work: await meter.read(),
      server: processCpuMs(context.serverPid),
      database: postgresCpuMs(),
      loader: process.cpuUsage(),
      retries: actors.retries,
      events: receiver.events,
      duplicates: receiver.duplicates,
      delivered: (await settledDeliveries(context.url, context.parties, 0)).succeeded,
      // Last, so that nothing the bench does before the row starts is the server's in the window.
      statements: await serverStatements(context.base),
    };
    const started = performance.now();
    const deadline = started + context.seconds * 1000;
    const polls = context.dashboards ? pollDashboards(context.base, context.dashboards.cookies, context.dashboards.perSecond) : undefined;
    const finished: { kind: LifecycleKind; orderId: string }[] = [];
    const latencies: number[] = [];
    const firstErrors = new Set<string>();
    let errors = 0;
    let turn = 0;
    const loop = async () => {
      while (performance.now() < deadline) {
        const kind = row.mix[(turn += 1) % row.mix.length]!;
        const begun = performance.now();
        try {
          const orderId = await actors.run(kind);
          latencies.push(performance.now() - begun);
          finished.push({ kind, orderId });
        } catch (error) {
          errors += 1;
          if (firstErrors.size < 3) firstErrors.add(error instanceof Error ? error.message : String(error));
        }
      }
    };
    await Promise.all(Array.from({ length: context.workers }, loop));
    const stepsEnded = performance.now();
    const dashboards = await polls?.stop();

    // An order is finished when its final event reached the merchant; every delivery must succeed.
    const waitUntil = stepsEnded + 60_000;
    const unfinished = () => finished.filter((order) => !receiver.has(FINAL_EVENT[order.kind], order.orderId));
    while (unfinished().length > 0 && performance.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 50));
    const deliveries = await settledDeliveries(context.url, context.parties, waitUntil);
    const statements = (await serverStatements(context.base)) - before.statements;
    const ended = Math.max(stepsEnded, receiver.lastAt);
    const loader = process.cpuUsage(before.loader);
    const cpu = { server: processCpuMs(context.serverPid) - before.server, database: postgresCpuMs() - before.database, loader: (loader.user + loader.system) / 1000 };
    const work = await meter.read();

    if (errors > 0) failures.push(`${errors} lifecycles failed (${[...firstErrors].join('; ')})`);
    const missing = unfinished().length;
    if (missing > 0) failures.push(`${missing} finished orders' final event never arrived`);
    if (deliveries.pending > 0) failures.push(`${deliveries.pending} webhook deliveries still not delivered after 60 s`);
    if (deliveries.failed > 0) failures.push(`${deliveries.failed} webhook deliveries failed`);
    const delivered = deliveries.succeeded - before.delivered;
    const received = receiver.events - before.events;
    if (delivered !== received) failures.push(`${delivered} deliveries succeeded, but the receiver got ${received} distinct events`);
    failures.push(...(await wrongStates(context.url, finished)));
    if (dashboards && dashboards.errors > 0) failures.push(`${dashboards.errors} dashboard reads failed`);

    latencies.sort((a, b) => a - b);
    const count = finished.length;
    const per = (ms: number) => (count > 0 ? ms / count : 0);
    return {
      key: row.key,
      name: row.name,
      ordersPerSecond: count / ((ended - started) / 1000),
      finished: { payout: finished.filter((order) => order.kind === 'payout').length, payin: finished.filter((order) => order.kind === 'payin').length },
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      errors,
      retries: actors.retries - before.retries,
      webhookDrainSeconds: Math.max(0, (receiver.lastAt - stepsEnded) / 1000),
      webhooks: { events: receiver.events - before.events, duplicates: receiver.duplicates - before.duplicates },
      cpuMsPerOrder: { server: per(cpu.server), database: per(cpu.database), loader: per(cpu.loader) },
      statementsPerOrder: per(statements),
      databasePerOrder: workPerOrder(before.work, work, count),
      ...(dashboards ? { dashboards } : {}),
      failures,
    };
  } finally {
    await meter.close();
  }
}

/** The lifecycle merchants' deliveries once none is waiting any more (or at `until`, performance.now()). */
async function settledDeliveries(url: string, parties: LifecycleParties, until: number) {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const merchantIds = parties.merchants.map((merchant) => merchant.merchantId);
  try {
    for (;;) {
      const rows = await client<{ status: string; count: string }[]>`
        select status, count(*) as count from webhook_deliveries where merchant_id = any(${merchantIds}::uuid[]) group by status`;
      const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      const pending = of('pending') + of('delivering');
      if (pending === 0 || performance.now() >= until) return { pending, failed: of('failed'), succeeded: of('succeeded') };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/** Finished orders whose state in the database is not COMPLETED. */
async function wrongStates(url: string, finished: { kind: LifecycleKind; orderId: string }[]): Promise<string[]> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const ids = (kind: LifecycleKind) => finished.filter((order) => order.kind === kind).map((order) => order.orderId);
    const payouts = await client<{ status: string; count: string }[]>`select status, count(*) as count from payout_orders where id = any(${ids('payout')}::uuid[]) group by status`;
    const payins = await client<{ status: string; count: string }[]>`select status, count(*) as count from payin_orders where id = any(${ids('payin')}::uuid[]) group by status`;
    const wrong = (flow: string, rows: { status: string; count: string }[], expected: number) => {
      const completed = Number(rows.find((row) => row.status === 'COMPLETED')?.count ?? 0);
      return completed === expected ? [] : [`${flow}: ${completed} of ${expected} finished orders are COMPLETED (${rows.map((row) => `${row.status} ${row.count}`).join(', ')})`];
    };
    return [...wrong('payouts', payouts, ids('payout').length), ...wrong('pay-ins', payins, ids('payin').length)];
  } finally {
    await client.end();
  }
}
