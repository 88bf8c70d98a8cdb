import { spawn, type ChildProcess } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { chainCursors } from '../../db/schema';
import type { ChainConfig } from '../../server/chains/chains';

export interface ChainWatcherProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves when the process logs that its watcher runs (its modules loaded, its database open). */
  started: Promise<void>;
}

/**
 * `npm run chain-watcher`'s script (scripts/chain-watcher.ts) in a child process of its own, on
 * PostgreSQL, watching `chains` (a local network, so demo mode), with the deposit key `xpub`.
 */
export function spawnChainWatcher(options: { databaseUrl: string; chains: readonly ChainConfig[]; xpub: string; env?: Record<string, string> }): ChainWatcherProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/chain-watcher.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: '4',
      CORRIDOR_MODE: 'demo',
      CORRIDOR_CHAINS: JSON.stringify(options.chains),
      CORRIDOR_CHAINS_FILE: '',
      CORRIDOR_EVM_XPUB: options.xpub,
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('chain watcher started')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`the chain watcher exited (${code}) before it started:\n${output.slice(-2000)}`)));
  });
  // A process killed before it started rejects `started`; whoever awaits it hears of it.
  started.catch(() => {});
  return { child, output: () => output, exited, started };
}

/** Kills the process with `signal` and waits for its exit. */
export async function stopProcess(watcher: ChainWatcherProcess, signal: NodeJS.Signals): Promise<void> {
  if (watcher.child.exitCode === null && watcher.child.signalCode === null) watcher.child.kill(signal);
  await watcher.exited;
}

/** The chain's scan cursor and how many of its deposits are not final yet (DETECTED). */
export async function watcherProgress(db: Db, chainKey: string): Promise<{ cursor: bigint | undefined; detected: number; credited: number }> {
  const [cursor] = await db.select({ height: chainCursors.height }).from(chainCursors).where(eq(chainCursors.chainKey, chainKey));
  const [counts] = rowsOf<{ detected: number | string; credited: number | string }>(
    await db.execute(sql`
      select count(*) filter (where state = 'DETECTED') as detected, count(*) filter (where state = 'CREDITED') as credited
      from chain_deposits where chain_key = ${chainKey}`),
  );
  return { cursor: cursor?.height, detected: Number(counts!.detected), credited: Number(counts!.credited) };
}
