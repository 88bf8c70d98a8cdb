import { mkdirSync, writeFileSync } from 'node:fs';
import type { ChainWatcherMeasured } from './chain-watcher-bench';
import type { LifecycleMeasured } from './lifecycle-bench';
import type { ReportsMeasured } from './report-bench';
import type { Measured } from './sql-baseline';
import type { StandbyMeasured } from './standby-bench';

export interface Row extends Measured {
  name: string;
  /** The same requests paced at half the saturated throughput (HTTP rows). */
  halfLoad?: Measured;
}

export interface ReportInput {
  quick: boolean;
  rows: Row[];
  peakRssMb: number;
  connections: number;
  seconds: number;
  historical: number;
  machine: string;
  /** The code measured (run-bench.ts, buildOf): the committed results come from two runs of one build. */
  build?: string;
  elapsedSeconds: number;
  /** Some rows only, or settings other than the defaults (--only, --seconds, --connections). */
  partial?: boolean;
  /** The chain watcher row (scripts/bench/chain-watcher-bench.ts), when it ran. */
  chainWatcher?: ChainWatcherMeasured;
  /** The formation rows (scripts/bench/standby-bench.ts), when they ran. */
  standby?: StandbyMeasured;
  /** The lifecycle rows and their limit rows (scripts/bench/lifecycle-bench.ts), when they ran. */
  lifecycles?: LifecycleMeasured;
  /** The report rows (scripts/bench/report-bench.ts), when they ran. */
  reports?: ReportsMeasured;
}

const half = (measured: Measured | undefined) =>
  measured ? `${Math.round(measured.requestsPerSecond)} | ${measured.p50.toFixed(1)} | ${measured.p90.toFixed(1)} | ${measured.p99.toFixed(1)}` : ' | | |';
const cpu = (ms: number | undefined) => (ms === undefined ? '' : ms.toFixed(2));
// The server's runtime over the half-load window: event-loop delay p99 / max, GC ms per second
// (pauses over 10 ms); and, for creates at saturation, creates per commit.
const runtime = (row: Row) => {
  const window = row.halfLoad?.runtime;
  const loop = window ? `${window.loopP99Ms.toFixed(1)} / ${window.loopMaxMs.toFixed(1)} | ${window.gcMsPerSecond.toFixed(1)} (${window.gcPausesOver10Ms})` : ' | ';
  const batch = row.runtime?.meanCreateBatch;
  return `${loop} | ${batch === undefined ? '' : batch.toFixed(1)}`;
};

/** The one-round-trip limit rows (scripts/bench/create-limit.sql), named once for the runner and the table. */
export const LIMIT_HOT = 'limit: the create in one round trip (pgbench, server-side function)';
export const LIMIT_SPREAD = 'limit: the same, 100 merchants';

/** The table of the run (Markdown), also saved as bench/results/<date>.json. */
export function writeReport(input: ReportInput): string {
  const baseline = input.rows.find((row) => row.name === 'baseline: create SQL via postgres (no HTTP)');
  const spreadBaseline = input.rows.find((row) => row.name === 'baseline: the same, 100 merchants');
  // Each create row against the baseline with the same merchants.
  const baselineOf = (row: Row) => (row.name.includes('100 merchants') ? spreadBaseline : baseline);
  // ... and against the one-round-trip limit with the same merchants.
  const limitOf = (row: Row) => input.rows.find((candidate) => candidate.name === (row.name.includes('100 merchants') ? LIMIT_SPREAD : LIMIT_HOT));
  const percentOf = (row: Row, against: Row | undefined) => (against ? `${Math.round((row.requestsPerSecond / against.requestsPerSecond) * 100)}%` : '');
  const lines = [
    `Bench ${input.quick ? '(quick) ' : ''}${input.partial ? '(partial) ' : ''}on ${input.machine}${input.build ? `, build ${input.build}` : ''}; ${input.connections} connections, ${input.seconds} s per row, ${input.historical.toLocaleString('en')} historical orders; ${input.peakRssMb > 0 ? `server peak RSS ${input.peakRssMb} MB; ` : ''}${input.elapsedSeconds} s in all.`,
  ];
  // A run of the formation or chain watcher rows alone has no HTTP rows: no empty table.
  if (input.rows.length > 0) {
    lines.push(
      '',
      '| row | requests/s | p50 ms | p90 ms | p99 ms | errors | vs baseline | vs limit | CPU ms/request: server | PostgreSQL | load generator | server writes/request | at half load: requests/s | p50 ms | p90 ms | p99 ms | event-loop delay p99 / max ms | GC ms/s (pauses > 10 ms) | creates per commit |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...input.rows.map((row) => {
        const create = row.name.startsWith('POST /withdrawals');
        const ratio = create ? percentOf(row, baselineOf(row)) : '';
        const limit = create || row.name.startsWith('baseline') ? percentOf(row, limitOf(row)) : '';
        return `| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.p50.toFixed(1)} | ${row.p90.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.errors} | ${ratio} | ${limit} | ${cpu(row.cpuMsPerRequest?.server)} | ${cpu(row.cpuMsPerRequest?.database)} | ${cpu(row.cpuMsPerRequest?.loader)} | ${row.serverWritesPerRequest === undefined ? '' : row.serverWritesPerRequest.toFixed(1)} | ${half(row.halfLoad)} | ${runtime(row)} |`;
      }),
    );
  }
  if (input.lifecycles) lines.push('', ...lifecycleTable(input.lifecycles));
  const chain = input.chainWatcher;
  if (chain) {
    const lag = [...chain.lagBlocks].sort((a, b) => a - b);
    lines.push(
      '',
      `Chain watcher (\`npm run chain-watcher\`, anvil, ${chain.settings}, a block every 3 s meanwhile): ${chain.transfers.toLocaleString('en')} transfers in ${chain.blocks.toLocaleString('en')} blocks to ${chain.addresses.toLocaleString('en')} addresses, from cursor 0.`,
      '',
      '| row | deposits credited/s | scanned to the head, s | all credited, s | lag behind the head, blocks: first / median / max / last |',
      '|---|---|---|---|---|',
      `| chain watcher: detect and credit | ${chain.depositsPerSecond.toFixed(1)} | ${chain.scannedSeconds.toFixed(1)} | ${chain.creditedSeconds.toFixed(1)} | ${chain.lagBlocks[0] ?? ''} / ${lag[Math.floor(lag.length / 2)] ?? ''} / ${lag.at(-1) ?? ''} / ${chain.lagBlocks.at(-1) ?? ''} |`,
    );
  }
  const standby = input.standby;
  if (standby) {
    lines.push(
      '',
      `A primary with a synchronous standby (pg_auto_failover, both on this machine): payout creates at saturation (100 merchants), then beside ${standby.exporters} loops of CSV exports of a ${standby.postings.toLocaleString('en')}-posting statement. PostgreSQL CPU per node in ms per second (1000 = one core). Load average ${standby.loadAverage.toFixed(1)} when the rows began.`,
      '',
      '| row | creates/s | p50 ms | p90 ms | p99 ms | errors | exports (failed) | primary CPU ms/s | standby CPU ms/s |',
      '|---|---|---|---|---|---|---|---|---|',
      ...standby.phases.map(
        (phase) =>
          `| ${phase.name} | ${Math.round(phase.createsPerSecond)} | ${phase.p50.toFixed(1)} | ${phase.p90.toFixed(1)} | ${phase.p99.toFixed(1)} | ${phase.errors} | ${phase.exports} (${phase.exportErrors}) | ${Math.round(phase.primaryCpuMsPerSecond)} | ${Math.round(phase.standbyCpuMsPerSecond)} |`,
      ),
    );
  }
  const reports = input.reports;
  if (reports) {
    lines.push(
      '',
      `Reports (\`npm run corridor -- reports ...\`, each in its own process, CSV to a pipe) over ${reports.date}: ${reports.orders.toLocaleString('en')} completed orders of one merchant, ${reports.postings.toLocaleString('en')} postings that day. Load average ${reports.loadAverage.toFixed(1)} when the rows began.`,
      '',
      '| row | rows | MB | rows/s | streaming s | total s | RSS at first byte MB | halfway MB | peak MB | growth MB |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...reports.runs.map(
        (run) =>
          `| ${run.name} | ${run.rows.toLocaleString('en')} | ${(run.bytes / 2 ** 20).toFixed(0)} | ${Math.round(run.rowsPerSecond).toLocaleString('en')} | ${run.streamingSeconds.toFixed(1)} | ${run.seconds.toFixed(1)} | ${run.firstRssMb} | ${run.halfwayRssMb} | ${run.peakRssMb} | ${run.peakRssMb - run.firstRssMb} |`,
      ),
    );
  }
  mkdirSync('bench/results', { recursive: true });
  const stamp = new Date().toISOString().replaceAll(':', '-').slice(0, 19);
  writeFileSync(`bench/results/${stamp}${input.quick || input.partial ? '-quick' : ''}.json`, `${JSON.stringify(input, null, 2)}\n`);
  return lines.join('\n');
}

/** Whole orders per second beside the one-round-trip-per-step limit of their SQL. */
function lifecycleTable(measured: LifecycleMeasured): string[] {
  const fixed = (value: number | undefined, digits = 1) => (value === undefined ? '' : value.toFixed(digits));
  const limitOf = (key: string) => measured.limits.find((limit) => limit.key === `${key}-limit`);
  const lines = [
    `Lifecycles (a server of their own with the webhook worker on; ${measured.workers} loops each driving one order at a time, ${measured.seconds} s per row; an order counts once its final webhook arrived): server peak RSS ${measured.peakRssMb} MB.`,
    '',
    '| row | orders/s | payouts / pay-ins | p50 ms | p90 ms | p99 ms | errors | retries | vs limit | CPU ms/order: server | PostgreSQL | load generator | statements/order | transactions/order | rows written/order | webhooks (repeats) | last webhook after last step, s |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of measured.rows) {
    const limit = limitOf(row.key);
    const ratio = limit && limit.requestsPerSecond > 0 ? `${Math.round((row.ordersPerSecond / limit.requestsPerSecond) * 100)}%` : '';
    const work = row.databasePerOrder;
    lines.push(
      `| ${row.name}${row.failures.length > 0 ? ' (FAILED)' : ''} | ${fixed(row.ordersPerSecond)} | ${row.finished.payout} / ${row.finished.payin} | ${fixed(row.p50)} | ${fixed(row.p90)} | ${fixed(row.p99)} | ${row.errors} | ${row.retries} | ${ratio} | ${fixed(row.cpuMsPerOrder.server, 2)} | ${fixed(row.cpuMsPerOrder.database, 2)} | ${fixed(row.cpuMsPerOrder.loader, 2)} | ${fixed(row.statementsPerOrder)}${work.statements === undefined ? '' : ` (pg_stat_statements ${fixed(work.statements)})`} | ${fixed(work.transactions)} | ${fixed(work.rowsWritten)} | ${row.webhooks.events} (${row.webhooks.duplicates}) | ${fixed(row.webhookDrainSeconds)} |`,
    );
    if (limit) {
      lines.push(
        `| ${limit.name} | ${fixed(limit.requestsPerSecond)} | | ${fixed(limit.p50)} | ${fixed(limit.p90)} | ${fixed(limit.p99)} | ${limit.errors} | | | | ${fixed(limit.cpuMsPerRequest?.database, 2)} | | | | | | |`,
      );
    }
  }
  for (const row of measured.rows) {
    if (row.dashboards) {
      const reads = row.dashboards;
      lines.push('', `Dashboards during "${row.name}": ${reads.reads} reads, ${reads.errors} failed; p50 ${fixed(reads.p50)} ms, p90 ${fixed(reads.p90)} ms, p99 ${fixed(reads.p99)} ms.`);
    }
  }
  return lines;
}
