import type { Browser, Page } from '@playwright/test';

/**
 * The phone's CPU, as a speed rather than a multiplier. Chromium's CPU throttling slows the page
 * by a factor of the machine it runs on, so "4x" is a different phone on a fast machine and on a
 * slow one (or on one machine on a good day and a bad one: the same build measured 0.77 s and
 * 1.3-1.8 s with 4x on days when the machine's PostgreSQL also ran 5x slower). The speed is
 * Lighthouse's BenchmarkIndex (string building and array copying, iterations per second / 10);
 * the throttling rate is searched for until the throttled page scores the target, as the
 * DevTools' CPU calibration does (docs/performance.md, "The phone's CPU").
 */

/**
 * The emulated phone's BenchmarkIndex: what the reference machine (2 cores, quiet; 2,400-2,600
 * unthrottled) scored at 4x on 2026-11-28 (505 and 522), in Lighthouse's "mid-tier mobile" range.
 */
export const PHONE_BENCHMARK_INDEX = 500;
/** Close enough: one measurement varies by a few percent on a quiet machine. */
const TOLERANCE = 0.05;
const MAX_STEPS = 4;

/**
 * Runs in the page: Lighthouse's BenchmarkIndex, the mean of its two half-second loops. Written
 * without inner named functions: a loader that keeps function names (tsx) would wrap them in a
 * helper the page does not have.
 */
function benchmarkIndexInPage(): number {
  // Building a 10,000-character string, again and again: the allocator and the collector.
  let start = performance.now();
  let iterations = 0;
  while (performance.now() - start < 500) {
    let text = '';
    for (let i = 0; i < 10000; i += 1) text += 'a';
    if (text.length === 1) throw new Error('unreachable: keeps the loop from being optimised away');
    iterations += 1;
  }
  const stringBuilding = iterations / 10 / ((performance.now() - start) / 1000);
  // Copying 100,000 numbers back and forth between two arrays: no allocation.
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 100000; i += 1) a[i] = b[i] = i;
  start = performance.now();
  iterations = 0;
  // The clock is read every 10th pass only: reading it every pass hits a slow path on some CPUs.
  while (iterations % 10 !== 0 || performance.now() - start < 500) {
    const from = iterations % 2 === 0 ? a : b;
    const to = iterations % 2 === 0 ? b : a;
    for (let i = 0; i < from.length; i += 1) to[i] = from[i]!;
    iterations += 1;
  }
  const arrayCopying = iterations / 10 / ((performance.now() - start) / 1000);
  return (stringBuilding + arrayCopying) / 2;
}

async function benchmarkIndexAt(browser: Browser, rate: number): Promise<number> {
  const context = await browser.newContext();
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto('about:blank');
    return await page.evaluate(benchmarkIndexInPage);
  } finally {
    await context.close();
  }
}

export interface PhoneCpu {
  /** The machine's own BenchmarkIndex, unthrottled. */
  machineIndex: number;
  /** The throttling rate that makes this machine the phone; 1 when the machine is slower still. */
  rate: number;
  /** What the page scored at that rate. */
  throttledIndex: number;
}

/**
 * The CPU throttling rate at which a page in this browser scores `target`. Starts from the rate
 * the machine's own score suggests and corrects it by what the throttled page scores (throttling
 * is not exactly proportional: at 4x the string loop, which allocates, slows nearer 6x).
 */
export async function calibratePhoneCpu(browser: Browser, target = PHONE_BENCHMARK_INDEX): Promise<PhoneCpu> {
  await benchmarkIndexAt(browser, 1); // warms the JIT and the allocator
  const machineIndex = await benchmarkIndexAt(browser, 1);
  let rate = Math.max(1, machineIndex / target);
  let throttledIndex = machineIndex;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    throttledIndex = await benchmarkIndexAt(browser, rate);
    if (Math.abs(throttledIndex / target - 1) <= TOLERANCE) break;
    const next = Math.max(1, rate * (throttledIndex / target));
    if (next === rate) break; // at 1x and still slower than the phone: nothing left to take away
    rate = next;
  }
  return { machineIndex, rate, throttledIndex };
}
