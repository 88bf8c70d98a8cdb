import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1 (tests never use fixed ports). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface CorridorProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts an API node (`npm start`'s script with CORRIDOR_PAGES=off, so no build is needed) on
 * PostgreSQL in a child process, and waits until /readyz says ready.
 */
export async function spawnCorridor(databaseUrl: string, env: Record<string, string> = {}, script = 'scripts/start.ts'): Promise<CorridorProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      CORRIDOR_MODE: 'demo',
      CORRIDOR_PAGES: 'off',
      CORRIDOR_WEBHOOK_ALLOW_PRIVATE: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test that times out leaves its finally blocks unrun; the server must not outlive the test
  // process all the same, or it keeps a core busy for whatever runs next.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Corridor exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`Corridor was not ready within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, url, output: () => output, exited };
}
