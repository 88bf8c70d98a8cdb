/**
 * `npm run bench` (scripts/bench): seeds a bench database on PostgreSQL, starts the production
 * server (`npm start`'s) on it, measures the merchant API with autocannon (every request signed,
 * with a fresh nonce, Idempotency-Key and merchantOrderNo), runs the direct-SQL baseline, and
 * prints one table; writes bench/results/<date>.json and, for a full run, docs/performance.md.
 *
 * `--quick`: 20,000 historical orders, 3 s per row and a 10,000-order day for the report rows, to
 * keep the script working in CI; no formation rows (a primary with a synchronous standby, `--only=standby`), which need pg_autoctl.
 * For profiling one change: `--only=detail,list` runs those rows (keys below), `--reuse` keeps the
 * database seeded by the previous run, `--seconds=N` and `--connections=N` override the defaults;
 * such a partial run writes nothing to docs/performance.md. `BENCH_SERVER_ARGS` adds Node flags to
 * the server (say `--cpu-prof --cpu-prof-dir=.prof`). The server listens on a free port unless
 * `BENCH_PORT` names one.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { buildNeeded, runBuild } from '../build-if-needed';
import { benchServerEnded, howBenchServerEnded, startBenchServer, stopBenchServer } from './bench-server';
import { chainWatcherBench } from './chain-watcher-bench';
import { pacedLoad, type PacedRequest } from './paced-load';
import { reportsBench } from './report-bench';
import { peakRssMb, postgresCpuMs, processCpuMs, processWrites } from './cpu-time';
import { vacuumHotTables } from './hot-tables';
import { seedBench, type BenchMerchant } from './seed-bench';
import { payinBody, payoutBody, signedHeaders, uniqueId } from './signed-request';
import { findPgbench, pgbenchBaseline, pgbenchLimit } from './pgbench-baseline';
import { LIMIT_HOT, LIMIT_SPREAD } from './report';
import { scrapeRuntime, runtimeBetween } from './server-runtime';
import { sqlBaseline, type Measured } from './sql-baseline';
import { standbyBench } from './standby-bench';
import { lifecycleBench, lifecycleSelected } from './lifecycle-bench';
import { freePort } from '../../tests/operations/spawn-corridor';
import { writeReport, type Row } from './report';

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = process.argv.includes('--quick');
const reuse = process.argv.includes('--reuse');
const only = argument('only')?.split(',');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(argument('seconds') ?? (quick ? 3 : 20));
const connections = Number(argument('connections') ?? 32);
/** A run that can stand for the committed results: every row, the default settings. */
const complete = !only && !argument('seconds') && !argument('connections') && !argument('historical');
/** Past payouts of the hot merchant (and a quarter as many past pay-ins): `--historical=N` for the growth rows. */
const historical = Number(argument('historical') ?? (quick ? 20_000 : 1_000_000));
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const base = `http://127.0.0.1:${port}`;
const log = (line: string) => console.log(`[bench] ${line}`);

type RequestSpec = { method: 'GET' | 'POST'; path: () => string; body?: () => string; merchant: () => BenchMerchant; idempotent?: boolean };

/** One signed request of a row: fresh nonce, Idempotency-Key and merchantOrderNo. */
function requestOf(spec: RequestSpec): PacedRequest {
  const path = spec.path();
  const body = spec.body?.() ?? '';
  const headers = signedHeaders(spec.merchant(), spec.method, path, body);
  if (spec.idempotent) headers['idempotency-key'] = uniqueId('idem');
  return { method: spec.method, path, headers, body: body || undefined };
}

/** As fast as the connections go (closed loop): throughput, and latency at saturation. */
async function measure(spec: RequestSpec): Promise<Measured> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [{ method: spec.method, setupRequest: (request: autocannon.Request) => ({ ...request, ...requestOf(spec), method: spec.method }) }],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

/** A full run replaces the table between the markers of docs/performance.md (committed results). */
function writeResultsSection(file: string, report: string) {
  const text = readFileSync(file, 'utf8');
  const start = '<!-- bench:results -->';
  const end = '<!-- /bench:results -->';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} lacks the ${start} ... ${end} markers`);
  const stamped = `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.\n\n${report}`;
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${stamped}\n${text.slice(to)}`);
}

interface SeedFile {
  url: string;
  hot: BenchMerchant;
  spread: BenchMerchant[];
  sampleOrderNo: string;
  historical: number;
}

/**
 * The code measured: the last commit that changed anything but the docs and the bench's results
 * (a run writes both, so two runs of one build stay one build), `-dirty` when such files have
 * uncommitted changes. None outside a git checkout.
 */
function buildOf(): string | undefined {
  const outside = ['--', '.', ':!docs', ':!bench/results'];
  try {
    const git = (args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = git(['log', '-1', '--format=%h', ...outside]);
    return git(['status', '--porcelain', '--untracked-files=no', ...outside]) ? `${commit}-dirty` : commit;
  } catch {
    return undefined;
  }
}

/** What `--reuse` needs of the previous seeding (the bench database's keys; git-ignored). */
const seedFile = '.data/bench-seed.json';

async function seed(): Promise<SeedFile> {
  if (reuse && existsSync(seedFile)) {
    const saved = JSON.parse(readFileSync(seedFile, 'utf8')) as SeedFile;
    if (saved.historical === historical && (await stillSeeded(saved))) {
      log(`reusing the bench database seeded earlier (${saved.historical.toLocaleString('en')} historical orders)`);
      return saved;
    }
    log(`the bench database no longer holds what was seeded (another run replaced it) or holds another size than ${historical.toLocaleString('en')}: seeding again`);
  }
  const data = await seedBench(adminUrl, historical, log);
  await data.database.close();
  const saved: SeedFile = { url: data.url, hot: data.hot, spread: data.spread, sampleOrderNo: data.sampleOrderNo, historical };
  mkdirSync('.data', { recursive: true });
  writeFileSync(seedFile, JSON.stringify(saved));
  return saved;
}

/** The database of a saved seeding still exists and still holds its hot merchant's API key. */
async function stillSeeded(saved: SeedFile): Promise<boolean> {
  const client = postgres(saved.url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    const rows = await client`select 1 from api_keys where key_id = ${saved.hot.apiKey}`;
    return rows.length === 1;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

/** CPU per request of the server, PostgreSQL and this process (autocannon) over one row. */
async function withCpu(serverPid: number | undefined, work: () => Promise<Measured>): Promise<Measured> {
  const before = { server: serverPid ? processCpuMs(serverPid) : 0, writes: serverPid ? processWrites(serverPid) : 0, database: postgresCpuMs(), loader: process.cpuUsage() };
  const measured = await work();
  const loader = process.cpuUsage(before.loader);
  const per = (ms: number) => (measured.total > 0 ? ms / measured.total : 0);
  return {
    ...measured,
    cpuMsPerRequest: {
      server: serverPid ? per(processCpuMs(serverPid) - before.server) : undefined,
      database: per(postgresCpuMs() - before.database),
      loader: per((loader.user + loader.system) / 1000),
    },
    serverWritesPerRequest: serverPid ? per(processWrites(serverPid) - before.writes) : undefined,
  };
}

async function main() {
  const started = Date.now();
  const root = process.cwd();
  // Assigned below once the rows are known: a run of the chain watcher row alone seeds nothing.
  let data!: SeedFile;

  let spread = 0;
  const hot = () => data.hot;
  const rotating = () => data.spread[(spread += 1) % data.spread.length]!;
  const day = new Date(Date.now() - 86_400_000).toISOString();
  // Keys for --only (and baseline, baseline-spread, limit, limit-spread, pgbench); names as the table prints them.
  const httpRows: { key: string; name: string; spec: RequestSpec }[] = [
    { key: 'create-hot', name: 'POST /withdrawals (hot merchant)', spec: { method: 'POST', path: () => '/api/v1/withdrawals', body: payoutBody, merchant: hot, idempotent: true } },
    { key: 'create-spread', name: 'POST /withdrawals (100 merchants)', spec: { method: 'POST', path: () => '/api/v1/withdrawals', body: payoutBody, merchant: rotating, idempotent: true } },
    { key: 'payin', name: 'POST /orders (pay-in, matching)', spec: { method: 'POST', path: () => '/api/v1/orders', body: payinBody, merchant: rotating } },
    { key: 'list', name: 'GET /withdrawals page 1', spec: { method: 'GET', path: () => '/api/v1/withdrawals?page=1&pageSize=20', merchant: hot } },
    { key: 'list-status', name: 'GET /withdrawals ?status=COMPLETED', spec: { method: 'GET', path: () => '/api/v1/withdrawals?page=1&pageSize=20&status=COMPLETED', merchant: hot } },
    { key: 'list-range', name: 'GET /withdrawals ?from&to', spec: { method: 'GET', path: () => `/api/v1/withdrawals?page=1&pageSize=20&from=${day}&to=${new Date().toISOString()}`, merchant: hot } },
    { key: 'detail', name: 'GET /withdrawals/:orderNo', spec: { method: 'GET', path: () => `/api/v1/withdrawals/${data.sampleOrderNo}`, merchant: hot } },
  ];
  const selected = (key: string) => !only || only.includes(key);
  const rows: Row[] = [];
  let rss = 0;

  // Each create row is followed by its baseline, so both run in the same state of the database
  // (PostgreSQL writes a full page image the first time a page changes after each checkpoint, and
  // a checkpoint comes every few minutes: rows far apart in time pay differently for it).
  const pgbench = findPgbench();
  const sqlRows: { key: string; name: string; after: string; run: () => Promise<Measured> }[] = [
    { key: 'baseline', name: 'baseline: create SQL via postgres (no HTTP)', after: 'create-hot', run: () => sqlBaseline(data.url, [data.hot], connections, seconds) },
    { key: 'baseline-spread', name: 'baseline: the same, 100 merchants', after: 'create-spread', run: () => sqlBaseline(data.url, data.spread, connections, seconds) },
    // The one-round-trip limit (docs/performance.md): the create's statements in one server-side call.
    ...(pgbench
      ? [
          { key: 'limit', name: LIMIT_HOT, after: 'create-hot', run: () => pgbenchLimit(pgbench, data.url, [data.hot], connections, seconds) },
          { key: 'limit-spread', name: LIMIT_SPREAD, after: 'create-spread', run: () => pgbenchLimit(pgbench, data.url, data.spread, connections, seconds) },
        ]
      : []),
  ];
  const order = [...httpRows.flatMap((row) => [row.key, ...sqlRows.filter((sqlRow) => sqlRow.after === row.key).map((sqlRow) => sqlRow.key)]), 'pgbench'].filter(selected);
  const lifecycle = lifecycleSelected(selected);
  if (order.length > 0 || lifecycle) {
    const reason = buildNeeded(root);
    if (reason) {
      log(`building (${reason})…`);
      await runBuild(root);
    }
    data = await seed();
  }

  const runSql = async (key: string) => {
    const sqlRow = sqlRows.find((candidate) => candidate.key === key);
    if (sqlRow) {
      log(`${sqlRow.name}…`);
      await vacuumHotTables(data.url);
      rows.push({ name: sqlRow.name, ...(await withCpu(undefined, sqlRow.run)) });
    } else if (key === 'pgbench' && pgbench) {
      log('pgbench with the same SQL…');
      await vacuumHotTables(data.url);
      rows.push({ name: 'pgbench: the same SQL, prepared', ...(await withCpu(undefined, () => pgbenchBaseline(pgbench, data.url, data.hot, connections, seconds))) });
    } else if (key === 'pgbench') {
      log('pgbench not found: its row is skipped');
    }
  };

  // Creates touch pages of the million-row indexes that no write has touched since the load's
  // checkpoint; a few seconds of unmeasured creates take that first-touch cost out of the first row.
  if (order.some((key) => key.startsWith('create') || key.startsWith('baseline'))) {
    log('warming up (unmeasured creates)…');
    await sqlBaseline(data.url, [data.hot, ...data.spread], connections, quick ? 1 : 5);
  }

  const needsServer = httpRows.some((row) => order.includes(row.key));
  let server: ChildProcess | undefined;
  if (needsServer) {
    log('starting the production server…');
    server = await startBenchServer(root, port, { DATABASE_URL: data.url });
  }
  try {
    for (const key of order) {
      const row = httpRows.find((candidate) => candidate.key === key);
      if (!row) {
        await runSql(key); // the server, if running, is idle meanwhile
        continue;
      }
      log(`${row.name}…`);
      await vacuumHotTables(data.url);
      const start = await scrapeRuntime(base);
      const saturated = await withCpu(server?.pid, () => measure(row.spec));
      const middle = await scrapeRuntime(base);
      // The latency a merchant sees when the server is busy but not saturated.
      const paced = await pacedLoad(base, Math.max(1, saturated.requestsPerSecond / 2), Math.max(2, seconds / 2), () => requestOf(row.spec));
      const end = await scrapeRuntime(base);
      if (server && benchServerEnded(server)) throw new Error(`the server ended during "${row.name}" (${howBenchServerEnded(server)})`);
      rows.push({ name: row.name, ...saturated, runtime: runtimeBetween(start, middle), halfLoad: { ...paced, runtime: runtimeBetween(middle, end) } });
    }
  } finally {
    if (server) {
      if (!benchServerEnded(server)) rss = peakRssMb(server.pid!);
      await stopBenchServer(server);
    }
  }

  // The lifecycle rows: a server of their own with the webhook worker on (docs/performance.md, "Lifecycles").
  // A quick run keeps few loops: each finishes the order it holds at the deadline, and CI waits for them.
  const lifecycles = lifecycle ? await lifecycleBench({ root, port, url: data.url, workers: quick ? 4 : connections, seconds, pgbench, selected }, log) : undefined;

  // The formation rows: a primary with a synchronous standby, full runs only (creating the formation
  // alone takes about 30 s, more than a quick run's every other row).
  const standby = !quick && selected('standby') ? await standbyBench(root, { seconds, connections, postings: 20_000, exporters: 2 }, log) : undefined;

  // The chain watcher row: its own database and anvil node, after the HTTP rows (docs/performance.md).
  const chainWatcher = selected('chain-watcher')
    ? await chainWatcherBench(adminUrl, quick ? { transfers: 500, blocks: 50, addresses: 50 } : { transfers: 10_000, blocks: 1_000, addresses: 1_000 }, log)
    : undefined;

  // The report rows: their own database, a day of a million orders (docs/performance.md).
  const reports = selected('reports') ? await reportsBench(adminUrl, quick ? 10_000 : 1_000_000, reuse, log) : undefined;

  const report = writeReport({
    quick,
    rows,
    peakRssMb: rss,
    connections,
    seconds,
    historical: order.length > 0 || lifecycle ? data.historical : 0,
    lifecycles,
    chainWatcher,
    standby,
    reports,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    build: buildOf(),
    elapsedSeconds: Math.round((Date.now() - started) / 1000),
    partial: !complete,
  });
  console.log(`\n${report}`);
  const failed = lifecycles?.rows.filter((row) => row.failures.length > 0) ?? [];
  for (const row of failed) console.error(`[bench] ${row.name} failed: ${row.failures.join('; ')}`);
  if (failed.length > 0) process.exit(1);
  if (!quick && complete) writeResultsSection('docs/performance.md', report);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
