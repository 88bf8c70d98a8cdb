/**
 * `npm run bench` (scripts/bench): seeds a bench database on PostgreSQL, starts the production
 * server (`npm start`'s) on it, measures the merchant API with autocannon (every request signed,
 * with a fresh nonce, Idempotency-Key and merchantOrderNo), runs the direct-SQL baseline, and
 * prints one table; writes bench/results/<date>.json and, for a full run, docs/performance.md.
 *
 * `--quick`: 20,000 historical orders and 3 s per row, to keep the script working in CI.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { buildNeeded, runBuild } from '../build-if-needed';
import { seedBench, type BenchMerchant } from './seed-bench';
import { payinBody, payoutBody, signedHeaders, uniqueId } from './signed-request';
import { findPgbench, pgbenchBaseline } from './pgbench-baseline';
import { sqlBaseline, type Measured } from './sql-baseline';
import { writeReport, type Row } from './report';

const quick = process.argv.includes('--quick');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = quick ? 3 : 20;
const connections = 32;
const historical = quick ? 20_000 : 1_000_000;
const port = Number(process.env.BENCH_PORT ?? 3700);
const base = `http://127.0.0.1:${port}`;
const log = (line: string) => console.log(`[bench] ${line}`);

type RequestSpec = { method: 'GET' | 'POST'; path: () => string; body?: () => string; merchant: () => BenchMerchant; idempotent?: boolean };

async function measure(spec: RequestSpec): Promise<Measured> {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: spec.method,
        setupRequest: (request: autocannon.Request) => {
          const path = spec.path();
          const body = spec.body?.() ?? '';
          const headers = signedHeaders(spec.merchant(), spec.method, path, body);
          if (spec.idempotent) headers['idempotency-key'] = uniqueId('idem');
          return { ...request, method: spec.method, path, headers, body: body || undefined };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
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

async function main() {
  const started = Date.now();
  const root = process.cwd();
  const reason = buildNeeded(root);
  if (reason) {
    log(`building (${reason})…`);
    await runBuild(root);
  }
  const data = await seedBench(adminUrl, historical, log);
  await data.database.close();

  log('starting the production server…');
  // The old-space cap is the deployment setting docs/performance.md recommends: without it V8 lets
  // the heap grow lazily on a machine with this much memory (peak RSS ~455 MB vs ~270 MB, equal
  // throughput).
  const server = spawn(process.execPath, [`--max-old-space-size=${process.env.BENCH_SERVER_HEAP_MB ?? 256}`, '--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: data.url,
      DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '20',
      CORRIDOR_DEMO: '1',
      CORRIDOR_SCHEDULER: 'off',
      CORRIDOR_WEBHOOK_WORKER: 'off',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Press Ctrl+C')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });

  let spread = 0;
  const hot = () => data.hot;
  const rotating = () => data.spread[(spread += 1) % data.spread.length]!;
  const day = new Date(Date.now() - 86_400_000).toISOString();
  const rows: Row[] = [];
  let rss = 0;
  const run = async (name: string, spec: RequestSpec) => {
    log(`${name}…`);
    rows.push({ name, ...(await measure(spec)) });
  };
  try {
    await run('POST /withdrawals (hot merchant)', { method: 'POST', path: () => '/api/v1/withdrawals', body: payoutBody, merchant: hot, idempotent: true });
    await run('POST /withdrawals (100 merchants)', { method: 'POST', path: () => '/api/v1/withdrawals', body: payoutBody, merchant: rotating, idempotent: true });
    await run('POST /orders (pay-in, matching)', { method: 'POST', path: () => '/api/v1/orders', body: payinBody, merchant: rotating });
    await run('GET /withdrawals page 1', { method: 'GET', path: () => '/api/v1/withdrawals?page=1&pageSize=20', merchant: hot });
    await run('GET /withdrawals ?status=COMPLETED', { method: 'GET', path: () => '/api/v1/withdrawals?page=1&pageSize=20&status=COMPLETED', merchant: hot });
    await run('GET /withdrawals ?from&to', { method: 'GET', path: () => `/api/v1/withdrawals?page=1&pageSize=20&from=${day}&to=${new Date().toISOString()}`, merchant: hot });
    await run('GET /withdrawals/:orderNo', { method: 'GET', path: () => `/api/v1/withdrawals/${data.sampleOrderNo}`, merchant: hot });
  } finally {
    rss = peakRssMb(server.pid!);
    server.kill('SIGTERM');
  }
  log('direct-SQL baseline…');
  rows.push({ name: 'baseline: create SQL via postgres (no HTTP)', ...(await sqlBaseline(data.url, data.hot, connections, seconds)) });
  const pgbench = findPgbench();
  if (pgbench) {
    log('pgbench with the same SQL…');
    rows.push({ name: 'pgbench: the same SQL, prepared', ...(await pgbenchBaseline(pgbench, data.url, data.hot, connections, seconds)) });
  } else {
    log('pgbench not found: its row is skipped');
  }

  const report = writeReport({
    quick,
    rows,
    peakRssMb: rss,
    connections,
    seconds,
    historical,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    elapsedSeconds: Math.round((Date.now() - started) / 1000),
  });
  console.log(`\n${report}`);
  if (!quick) writeResultsSection('docs/performance.md', report);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
