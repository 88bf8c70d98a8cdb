import os from 'node:os';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { AutoFailoverCluster, type HaNode } from '../ha/auto-failover-cluster';
import { accountIds } from '../../server/ledger/account-ids';
import { freePort } from '../../tests/operations/spawn-corridor';
import { startBenchServer, stopBenchServer } from './bench-server';
import { postgresNodeCpuMs } from './cpu-time';
import { seedBench, type BenchMerchant } from './seed-bench';
import { payoutBody, signedHeaders, uniqueId } from './signed-request';

/** One phase of the formation rows: creates at saturation, with or without exports beside them. */
interface StandbyPhase {
  name: string;
  createsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  /** CSV exports of the hot merchant's statement finished during the phase. */
  exports: number;
  /** Exports that answered other than 200 or were cut. */
  exportErrors: number;
  /** PostgreSQL CPU of each node, in ms per second of the phase (1000 = one core busy). */
  primaryCpuMsPerSecond: number;
  standbyCpuMsPerSecond: number;
}

export interface StandbyMeasured {
  postings: number;
  /** The machine's 1-minute load average when the rows began: other work on it shows here. */
  loadAverage: number;
  exporters: number;
  phases: StandbyPhase[];
}

interface Settings {
  seconds: number;
  connections: number;
  /** Postings bulk-loaded into the hot merchant's statement: what each export reads. */
  postings: number;
  /** Export loops run side by side with the creates. */
  exporters: number;
}

/**
 * The formation rows (docs/performance.md, "A synchronous standby"): a pg_auto_failover primary
 * and synchronous standby on this machine. First payout creates per second with each commit
 * waiting for the standby, then with `synchronous_commit = local` on the same primary (a lone
 * primary's commit, the standby still streaming). Then the same creates beside a loop of statement
 * CSV exports, once with the read pool on the primary and once on the standby (DATABASE_READ_URL),
 * alone and beside the creates, with each node's PostgreSQL CPU: what moving the export frees on
 * the primary.
 */
export async function standbyBench(root: string, settings: Settings, log: (line: string) => void): Promise<StandbyMeasured | undefined> {
  log('formation: a primary and a synchronous standby (pg_auto_failover)…');
  let cluster: AutoFailoverCluster;
  try {
    cluster = await AutoFailoverCluster.create({ nodes: 2, synchronous: true, say: (line) => log(`formation: ${line}`) });
  } catch (error) {
    log(`formation rows skipped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    return undefined;
  }
  const servers: Awaited<ReturnType<typeof startBenchServer>>[] = [];
  try {
    const primary = (await cluster.primary())!;
    const standby = cluster.nodes.find((node) => node !== primary)!;
    const data = await seedBench(cluster.nodeUrl(primary), 20_000, log);
    await data.database.close();
    log(`formation: bulk-loading ${settings.postings.toLocaleString('en')} postings into the hot merchant's statement…`);
    await bulkPostings(data.url, data.hot.merchantId, settings.postings);

    const readUrl = (node: HaNode) => cluster.nodeUrl(node, 'corridor_bench');
    const start = async (readNode: HaNode) => {
      const port = await freePort();
      const server = await startBenchServer(root, port, {
        DATABASE_URL: data.url,
        DATABASE_READ_URL: readUrl(readNode),
        CORRIDOR_PAGES: 'off',
        CORRIDOR_DEMO_CHAIN: 'off',
        CORRIDOR_CHAIN_WATCHER: 'off',
      });
      servers.push(server);
      return `http://127.0.0.1:${port}`;
    };
    const readsOnPrimary = await start(primary);
    const readsOnStandby = await start(standby);
    let spread = 0;
    const rotating = () => data.spread[(spread += 1) % data.spread.length]!;

    const phase = async (name: string, base: string, exporters: number, creates = true): Promise<StandbyPhase> => {
      log(`formation: ${name}…`);
      await vacuumHotTables(data.url);
      const cpu = { primary: postgresNodeCpuMs(primary.pgdata), standby: postgresNodeCpuMs(standby.pgdata), at: performance.now() };
      const deadline = Date.now() + settings.seconds * 1000;
      const exportLoops = Array.from({ length: exporters }, () => exportUntil(base, data.hot, deadline));
      const created = creates ? await saturate(base, rotating, settings.seconds, settings.connections) : { createsPerSecond: 0, p50: 0, p90: 0, p99: 0, errors: 0 };
      const loops = await Promise.all(exportLoops);
      const exports = loops.reduce((sum, loop) => sum + loop.done, 0);
      const exportErrors = loops.reduce((sum, loop) => sum + loop.failed, 0);
      const elapsed = (performance.now() - cpu.at) / 1000;
      return {
        name,
        ...created,
        exports,
        exportErrors,
        primaryCpuMsPerSecond: (postgresNodeCpuMs(primary.pgdata) - cpu.primary) / elapsed,
        standbyCpuMsPerSecond: (postgresNodeCpuMs(standby.pgdata) - cpu.standby) / elapsed,
      };
    };

    const loadAverage = os.loadavg()[0]!;
    const phases: StandbyPhase[] = [];
    phases.push(await phase('creates, commit waits for the synchronous standby', readsOnPrimary, 0));
    await setSynchronousCommit(data.url, 'local');
    phases.push(await phase("creates, commit does not wait (synchronous_commit = local: a lone primary's commit)", readsOnPrimary, 0));
    await setSynchronousCommit(data.url, undefined);
    // The exports alone first: the primary's CPU per export, with nothing else to share it.
    phases.push(await phase(`${settings.exporters} CSV export loops alone, read pool on the primary`, readsOnPrimary, settings.exporters, false));
    phases.push(await phase(`${settings.exporters} CSV export loops alone, read pool on the standby`, readsOnStandby, settings.exporters, false));
    phases.push(await phase(`creates + ${settings.exporters} CSV export loops, read pool on the primary`, readsOnPrimary, settings.exporters));
    phases.push(await phase(`creates + ${settings.exporters} CSV export loops, read pool on the standby`, readsOnStandby, settings.exporters));
    return { postings: settings.postings, loadAverage, exporters: settings.exporters, phases };
  } finally {
    for (const server of servers) await stopBenchServer(server);
    await cluster.destroy();
  }
}

/** Payout creates as fast as `connections` go, each signed with a fresh nonce, key and order number. */
async function saturate(base: string, merchant: () => BenchMerchant, seconds: number, connections: number) {
  const path = '/api/v1/withdrawals';
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request: autocannon.Request) => {
          const body = payoutBody();
          const headers = { ...signedHeaders(merchant(), 'POST', path, body), 'idempotency-key': uniqueId('idem') };
          return { ...request, method: 'POST', path, headers, body };
        },
      },
    ],
  });
  return {
    createsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Downloads the hot merchant's whole statement as CSV, again and again until `deadline`: how many
 * finished, and how many failed (a failure is counted, not thrown, so the phase still ends and the
 * formation is still removed).
 */
async function exportUntil(base: string, merchant: BenchMerchant, deadline: number): Promise<{ done: number; failed: number }> {
  const path = '/api/v1/balance/transactions';
  let done = 0;
  let failed = 0;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}${path}`, { headers: { ...signedHeaders(merchant, 'GET', path, ''), accept: 'text/csv' } });
      await response.arrayBuffer();
      if (response.status !== 200) failed += 1;
      else if (Date.now() <= deadline) done += 1;
    } catch {
      failed += 1;
    }
  }
  return { done, failed };
}

/**
 * Operator credits in bulk, two balanced postings each, and the balances moved by their sum (as
 * the export's own test loads them): a statement as long as a busy merchant's year.
 */
async function bulkPostings(url: string, merchantId: string, count: number): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client.begin(async (tx) => {
      const account = accountIds.merchantAvailable(merchantId);
      const external = accountIds.external;
      await tx`insert into ledger_transfers (id, kind, memo) select 'bulk:' || g, 'adjust.credit', 'bench statement' from generate_series(1, ${count}::int) g`;
      await tx`
        insert into ledger_postings (transfer_id, account_id, amount)
        select 'bulk:' || g, legs.account_id, legs.amount
        from generate_series(1, ${count}::int) g
        cross join lateral (values (${account}, ((g % 1000) + 1) / 100.0), (${external}, -((g % 1000) + 1) / 100.0)) legs(account_id, amount)
        order by g`;
      const total = await tx<{ sum: string }[]>`select sum(((g % 1000) + 1) / 100.0)::text as sum from generate_series(1, ${count}::int) g`;
      await tx`update ledger_accounts set balance = balance + ${total[0]!.sum}::numeric where id = ${account}`;
      await tx`update ledger_accounts set balance = balance - ${total[0]!.sum}::numeric where id = ${external}`;
    });
    await client`analyze ledger_postings`;
    await client`analyze ledger_transfers`;
  } finally {
    await client.end();
  }
}

/** The primary's default for new and existing sessions (a reload reaches every backend that did not set its own). */
async function setSynchronousCommit(url: string, value: 'local' | undefined): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client.unsafe(value ? `alter system set synchronous_commit = '${value}'` : 'alter system reset synchronous_commit');
    await client`select pg_reload_conf()`;
  } finally {
    await client.end();
  }
}

async function vacuumHotTables(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`vacuum ledger_accounts, merchant_order_counts, traders`;
  } finally {
    await client.end();
  }
}
