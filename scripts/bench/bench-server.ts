import { spawn, type ChildProcess } from 'node:child_process';

/**
 * The production server (`npm start`'s scripts/start.ts) for a bench row, on `port`, with the
 * bench's settings and `env` on top; resolves once it listens.
 */
export async function startBenchServer(root: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  // The heap's caps and MALLOC_ARENA_MAX are the deployment settings docs/performance.md
  // recommends. Without the old space's cap V8 lets the heap grow lazily on a machine with this much
  // memory (peak RSS ~455 MB vs ~270 MB, equal throughput); without the young generation's, Node 24
  // grows a semi-space to 64 MB here where Node 20 stopped at 16 (about 80 MB more at the peak), and
  // 8 keeps the peak under 300 MB where 16 left it at 295-307 MB. Without MALLOC_ARENA_MAX glibc's
  // malloc opens arenas for the process's threads (V8's compilers, libuv's pool, the image
  // library's), up to 8 per core: about 30 MB more here.
  const extra = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const heap = [`--max-old-space-size=${process.env.BENCH_SERVER_HEAP_MB ?? 256}`, `--max-semi-space-size=${process.env.BENCH_SERVER_SEMI_SPACE_MB ?? 8}`];
  const child = spawn(process.execPath, [...heap, ...extra, '--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: {
      MALLOC_ARENA_MAX: '2',
      ...process.env,
      NODE_ENV: 'production',
      ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
      CORRIDOR_MODE: 'demo',
      CORRIDOR_SCHEDULER: 'off',
      CORRIDOR_WEBHOOK_WORKER: 'off',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Press Ctrl+C')) resolve();
    });
    child.once('exit', (code, signal) => reject(new Error(`the server ended before it listened (${signal === null ? `exit code ${code}` : `killed by ${signal}`})`)));
  });
  return child;
}

/** Whether the server has ended: exited with a code, or killed by a signal (then exitCode stays null). */
export function benchServerEnded(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** What ended the server, for the error that stops the bench. */
export function howBenchServerEnded(child: ChildProcess): string {
  return child.signalCode !== null ? `killed by ${child.signalCode}` : `exit code ${child.exitCode}`;
}

export async function stopBenchServer(child: ChildProcess): Promise<void> {
  // An ended process emits no further 'exit': waiting for one would wait forever.
  if (benchServerEnded(child)) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}
