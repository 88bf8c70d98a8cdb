import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { seedReportDay, type ReportDay } from './seed-report-day';

/** One report produced by its own process, as an operator runs it (`npm run corridor -- reports ...`). */
interface ReportRun {
  name: string;
  /** Data rows written: the settlement report's `#rows`, the journal's postings. */
  rows: number;
  bytes: number;
  /** From the process's start to its exit, and from its first byte out to its last. */
  seconds: number;
  streamingSeconds: number;
  rowsPerSecond: number;
  /** The process's resident set when its first byte came out, halfway through the bytes, and its peak. */
  firstRssMb: number;
  halfwayRssMb: number;
  peakRssMb: number;
}

export interface ReportsMeasured {
  orders: number;
  postings: number;
  date: string;
  /** The machine's 1-minute load average when the rows began: other work on it shows here. */
  loadAverage: number;
  runs: ReportRun[];
}

/**
 * The report rows (docs/performance.md, "Reports over a day of a million orders"): a day of
 * `orders` completed orders of one merchant (scripts/bench/seed-report-day.ts), then the merchant's
 * settlement report and the day's journal as CSV, each streamed by the operator CLI in a process of
 * its own to a pipe read here: rows per second, time, and the process's resident memory as the
 * rows go out (sampled every 50 ms from /proc), so a report that held its rows would show here.
 */
export async function reportsBench(adminUrl: string, orders: number, reuse: boolean, log: (line: string) => void): Promise<ReportsMeasured> {
  const day = await seedReportDay(adminUrl, orders, reuse, log);
  const loadAverage = os.loadavg()[0]!;
  const runs: ReportRun[] = [];
  log('reports: settlement report (CSV)…');
  runs.push(await runReport('settlement report CSV (one merchant, the day)', day, ['reports', 'settlements', '--merchant', day.merchantId, '--date', day.date], settlementRows));
  log('reports: daily journal (CSV)…');
  runs.push(await runReport('daily journal CSV (every posting of the day)', day, ['reports', 'journal', '--from', day.date, '--to', day.date], (_tail, lines) => lines - 1)); // the header is a line too
  return { orders: day.orders, postings: day.postings, date: day.date, loadAverage, runs };
}

/** The settlement CSV states its row count in its `#rows` line, near the end. */
function settlementRows(tail: string): number {
  const count = /#rows,(\d+)/.exec(tail)?.[1];
  if (count === undefined) throw new Error(`the settlement report ended without its #rows line: ${tail.slice(-300)}`);
  return Number(count);
}

function memoryMb(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return undefined; // exited between two samples
  }
}

async function runReport(name: string, day: ReportDay, args: string[], rowsOf: (tail: string, lines: number) => number): Promise<ReportRun> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/corridor.ts', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: day.url, CORRIDOR_MODE: 'demo', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let bytes = 0;
  let lines = 0;
  let tail = '';
  let errors = '';
  let firstByte: number | undefined;
  let lastByte = started;
  let firstRss = 0;
  let peak = 0;
  const samples: { bytes: number; rss: number }[] = [];
  const sample = () => {
    const memory = memoryMb(child.pid!);
    if (!memory) return;
    peak = Math.max(peak, memory.peak);
    if (firstByte !== undefined) samples.push({ bytes, rss: memory.rss });
  };
  const sampler = setInterval(sample, 50);
  child.stdout.on('data', (chunk: Buffer) => {
    if (firstByte === undefined) {
      firstByte = performance.now();
      firstRss = memoryMb(child.pid!)?.rss ?? 0;
    }
    lastByte = performance.now();
    bytes += chunk.length;
    // CSV lines end in CRLF; the CLI's own last newline is a bare LF, so count the CRs.
    for (const byte of chunk) if (byte === 13) lines += 1;
    tail = (tail + chunk.toString('latin1')).slice(-2000);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`${name}: the CLI exited with ${code}:\n${errors}`);
  const seconds = (performance.now() - started) / 1000;
  const streamingSeconds = (lastByte - (firstByte ?? lastByte)) / 1000;
  const rows = rowsOf(tail, lines);
  const halfway = samples.find((entry) => entry.bytes >= bytes / 2)?.rss ?? firstRss;
  return {
    name,
    rows,
    bytes,
    seconds,
    streamingSeconds,
    rowsPerSecond: rows / Math.max(streamingSeconds, 0.001),
    firstRssMb: Math.round(firstRss),
    halfwayRssMb: Math.round(halfway),
    peakRssMb: Math.round(Math.max(peak, firstRss)),
  };
}
