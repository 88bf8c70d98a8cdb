import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { freePort } from '../operations/spawn-corridor';

export interface PageServer {
  url: string;
  port: number;
  /** Checkout tokens of live pay-ins the process created. */
  tokens: string[];
  /** The process's resident memory now, in MB (from /proc). */
  rssMb(): Promise<number>;
  output(): string;
  close(): Promise<void>;
}

/**
 * Starts page-server-process.ts (the custom server with Next's body handling in front of the real
 * page routes) in a child process of its own, so that its memory can be measured apart from the
 * test's: on a fresh PostgreSQL database under TEST_DATABASE_URL, else on a PGlite directory of its own.
 */
export async function startPageServer(options: { checkouts?: number; paidCheckouts?: number } = {}): Promise<PageServer> {
  const port = await freePort();
  let database: TestDatabase | undefined;
  let pgliteDir: string | undefined;
  const env: Record<string, string> = { CORRIDOR_MODE: 'demo', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', CHECKOUTS: String(options.checkouts ?? 1), PAID_CHECKOUTS: String(options.paidCheckouts ?? 0) };
  if (process.env.TEST_DATABASE_URL) {
    database = await createTestDatabase();
    env.DATABASE_URL = database.url!;
  } else {
    pgliteDir = await mkdtemp(path.join(tmpdir(), 'corridor-pages-'));
    env.PGLITE_DIR = pgliteDir;
  }
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/security/page-server-process.ts'], {
    cwd: process.cwd(),
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanUp = async () => {
    await database?.close();
    if (pgliteDir) await rm(pgliteDir, { recursive: true, force: true });
  };
  const ready = await new Promise<{ tokens: string[] }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The page server was not ready within 60 s:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((text) => text.startsWith('{"ready":true'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as { tokens: string[] });
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`The page server exited before it was ready:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await cleanUp();
    throw error;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    tokens: ready.tokens,
    output: () => output,
    rssMb: async () => {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
    },
    close: async () => {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
      await cleanUp();
    },
  };
}
