/**
 * `npm run measure:first-start`: how long a newcomer waits, after `npm install`, between typing
 * `npm start` and reading its URLs. It removes the build (.next) and uses a fresh embedded database
 * (its own PGLITE_DIR, so the demo database in .data/ is left alone), runs `npm start` in demo mode
 * on a free port, times the moment the URLs are printed, stops it with Ctrl+C's signal and reports
 * the figure with the machine's conditions (cores, load), since a busy machine makes it longer.
 * The README's figure comes from here.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../tests/operations/spawn-corridor';

const root = process.cwd();
const pgliteDir = path.join('.data', 'first-start');
/** A first start that has not printed its URLs by now is reported as a failure. */
const GIVE_UP_MS = 15 * 60_000;

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * CPU seconds the start's process group has used so far (Linux: each live member's utime + stime
 * from /proc, plus cutime + cstime for its finished children such as `next build`), or null
 * elsewhere. Unlike the wall time it hardly depends on what else runs, so it tells what the start
 * costs on a quiet machine: about this much divided by the cores it keeps busy.
 */
function groupCpuSeconds(group: number): number | null {
  try {
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // After "pid (comm) " come field 3 (state) onwards: pgrp is field 5, utime..cstime 14..17.
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      if (Number(fields[2]) !== group) continue;
      ticks += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    }
    // USER_HZ is 100 on Linux.
    return ticks / 100;
  } catch {
    return null;
  }
}

const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

async function main(): Promise<void> {
  rmSync(path.join(root, '.next'), { recursive: true, force: true });
  rmSync(path.join(root, pgliteDir), { recursive: true, force: true });
  rmSync(`${path.join(root, pgliteDir)}.lock`, { recursive: true, force: true });
  const port = await freePort();
  const loadBefore = load();
  console.log(`Measuring the first start: no .next, a fresh ${pgliteDir}, port ${port}; ${os.cpus().length} cores, load ${loadBefore}.`);

  const started = performance.now();
  // Its own process group, so that stopping it stops npm, tsx and the server alike.
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: pgliteDir,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      CORRIDOR_MODE: 'demo',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
  const marks: { built?: number; printed?: number; cpu?: number | null } = {};
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const printed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URLs after ${seconds(GIVE_UP_MS)} s`)), GIVE_UP_MS);
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        // Its progress, indented, so that a long wait shows where it is.
        console.log(`  | ${line}`);
        if (marks.built === undefined && line.startsWith('▸ Migrating')) marks.built = performance.now() - started;
        if (line.startsWith('Press Ctrl+C to stop.')) {
          marks.printed = performance.now() - started;
          marks.cpu = child.pid ? groupCpuSeconds(child.pid) : null;
          clearTimeout(timer);
          resolve();
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8').trimEnd()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} before printing its URLs`));
    });
  });

  try {
    await printed;
  } catch (error) {
    console.error(output.slice(-30).join('\n'));
    throw error;
  } finally {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGINT');
    const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000, 'timeout'))]);
    if (stopped === 'timeout' && child.pid) process.kill(-child.pid, 'SIGKILL');
    rmSync(path.join(root, pgliteDir), { recursive: true, force: true });
  }

  const total = marks.printed ?? 0;
  const build = marks.built ?? 0;
  const cpu = marks.cpu ?? null;
  console.log(
    `First start: URLs printed ${seconds(total)} s after \`npm start\` (build ${seconds(build)} s; migrate, seed and serve ${seconds(total - build)} s). ` +
      `${os.cpus().length} cores; load average ${loadBefore} before, ${load()} after` +
      (cpu === null ? '.' : `; the start used ${cpu.toFixed(1)} CPU seconds up to its URLs.`),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
