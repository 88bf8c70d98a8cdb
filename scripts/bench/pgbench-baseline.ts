import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { BenchMerchant } from './seed-bench';
import { percentile, type Measured } from './sql-baseline';

/** pgbench on PATH, or in Debian's versioned PostgreSQL directory; undefined when absent. */
export function findPgbench(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'pgbench'))) return path.join(dir, 'pgbench');
  }
  const debian = '/usr/lib/postgresql';
  if (!existsSync(debian)) return undefined;
  const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
  return versions.map((version) => path.join(debian, version, 'bin', 'pgbench')).find((file) => existsSync(file));
}

/**
 * The create's statements (scripts/bench/pgbench-create.sql) through pgbench with prepared
 * statements, the same connections and duration: the database's own ceiling for this transaction
 * as the server sends it (many round trips).
 */
export function pgbenchBaseline(pgbench: string, url: string, merchant: BenchMerchant, connections: number, seconds: number): Promise<Measured> {
  return runPgbench(pgbench, url, path.resolve('scripts/bench/pgbench-create.sql'), {
    merchant: merchant.merchantId,
    available: `merchant:${merchant.merchantId}:available`,
    frozen: `merchant:${merchant.merchantId}:frozen`,
  }, connections, seconds);
}

/**
 * The limit row: the same statements inside one server-side function (scripts/bench/create-limit.sql),
 * so each create is one round trip and one commit, for the given merchants (one: the hot merchant;
 * many: each transaction picks one at random). What the product's create could reach if it sent the
 * whole transaction at once (docs/performance.md).
 */
export async function pgbenchLimit(pgbench: string, url: string, merchants: readonly BenchMerchant[], connections: number, seconds: number): Promise<Measured> {
  const database = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await database.unsafe(readFileSync(path.resolve('scripts/bench/create-limit.sql'), 'utf8'));
  } finally {
    await database.end();
  }
  const scriptDir = mkdtempSync(path.join(os.tmpdir(), 'corridor-limit-'));
  const script = path.join(scriptDir, 'create-limit.pgbench');
  writeFileSync(script, `\\set i random(0, ${merchants.length - 1})\nselect bench_create_payout_once(:merchants, :i);\n`);
  try {
    return await runPgbench(pgbench, url, script, { merchants: merchants.map((merchant) => merchant.merchantId).join(',') }, connections, seconds);
  } finally {
    rmSync(scriptDir, { recursive: true, force: true });
  }
}

export async function runPgbench(pgbench: string, url: string, script: string, defines: Record<string, string>, connections: number, seconds: number): Promise<Measured> {
  const parsed = new URL(url);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'corridor-pgbench-'));
  const args = [
    '-h', parsed.hostname, '-p', parsed.port || '5432', '-U', decodeURIComponent(parsed.username || 'postgres'),
    '-n', '-M', 'prepared', '-c', String(connections), '-j', '2', '-T', String(seconds), '-l',
    ...Object.entries(defines).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
    '-f', script,
    parsed.pathname.slice(1),
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(pgbench, args, { cwd: workDir, env: { ...process.env, PGPASSWORD: decodeURIComponent(parsed.password) } });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench exited with ${code}:\n${text}`))));
  });
  // Per-transaction log lines: client, transaction, latency in microseconds, ...
  const latencies = readdirSync(workDir)
    .filter((file) => file.startsWith('pgbench_log'))
    .flatMap((file) => readFileSync(path.join(workDir, file), 'utf8').trim().split('\n'))
    .filter(Boolean)
    .map((line) => Number(line.split(' ')[2]) / 1000)
    .sort((a, b) => a - b);
  rmSync(workDir, { recursive: true, force: true });
  const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? 0);
  const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
  return { requestsPerSecond: tps, p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), errors: failed, total: latencies.length };
}
