import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits, for a while, until the machine is quiet before the journeys that measure time in the
 * browser (`@alone`). Right after the other journeys the database is often still busy (autovacuum,
 * a checkpoint after their writes) and a throttled phone emulation on a busy core measures the
 * machine rather than the page. Linux only (it reads /proc/stat); elsewhere it returns at once.
 */

/** Busy share of all cores over a sample: 1 - idle time / total time, from /proc/stat. */
async function busyShare(sampleMs: number): Promise<number | null> {
  const read = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are the idle time.
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { total, idle: fields[3]! + fields[4]! };
  };
  let before;
  try {
    before = read();
  } catch {
    return null;
  }
  await sleep(sampleMs);
  const after = read();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/** The processes using the most CPU right now, for the log when the machine will not settle. */
function busiestProcesses(): string {
  try {
    return execFileSync('ps', ['-eo', 'pid,pcpu,etime,comm', '--sort=-pcpu'], { encoding: 'utf8' }).split('\n').slice(0, 6).join('\n');
  } catch {
    return '(ps is not available)';
  }
}

/**
 * Returns once the cores are at most `maxBusy` busy over a 2 s sample, or after `timeoutMs`;
 * logs what it saw either way, so a slow timing in the log can be told apart from a busy machine.
 */
export async function waitForQuietMachine(log: (line: string) => void, { maxBusy = 0.15, timeoutMs = 120_000 } = {}): Promise<void> {
  const started = Date.now();
  for (;;) {
    const busy = await busyShare(2000);
    if (busy === null) return;
    const waited = Math.round((Date.now() - started) / 1000);
    if (busy <= maxBusy) {
      log(`the machine is quiet (${Math.round(busy * 100)}% busy) after ${waited} s`);
      return;
    }
    if (Date.now() - started >= timeoutMs) {
      log(`the machine is still ${Math.round(busy * 100)}% busy after ${waited} s; measuring anyway. The busiest processes:\n${busiestProcesses()}`);
      return;
    }
  }
}
