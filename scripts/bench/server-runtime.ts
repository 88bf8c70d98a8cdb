/**
 * What the server's runtime did during a measured window, read from its own /metrics (prom-client's
 * default metrics, open in demo mode): event-loop delay, garbage collection, and how many payout
 * creates shared a commit. The tails at half load come from stalls like these (docs/performance.md,
 * "Tails"), so each HTTP row reports them beside its latencies.
 */
export interface RuntimeWindow {
  /**
   * Event-loop delay over the window (prom-client resets its histogram on every scrape), beyond
   * the sampling interval: Node's monitor records each interval between its timer's runs, so an
   * idle loop reads the interval itself (20 ms here, server/metrics/registry.ts); the minimum of
   * the window stands for it.
   */
  loopP99Ms: number;
  loopMaxMs: number;
  /** Milliseconds of GC pauses per second of the window, and pauses longer than 10 ms. */
  gcMsPerSecond: number;
  gcPausesOver10Ms: number;
  /** Payout creates per batch (server/payouts/create-payout-batch.ts), when any were written. */
  meanCreateBatch?: number;
}

interface Scrape {
  at: number;
  values: Map<string, number>;
}

/** Scrapes once: the start of a window (and the end of whatever came before). */
export async function scrapeRuntime(base: string): Promise<Scrape> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.length === 0) continue;
    const space = line.lastIndexOf(' ');
    const series = line.slice(0, space);
    // Series of one metric with several label sets are summed under the bare name + le.
    const name = series.replace(/\{(.*)\}$/, (_, labels: string) => {
      const le = /le="([^"]+)"/.exec(labels)?.[1];
      return le ? `{le="${le}"}` : '';
    });
    values.set(name, (values.get(name) ?? 0) + Number(line.slice(space + 1)));
  }
  return { at: Date.now(), values };
}

/** Payout (or pay-in) creates and the commits they shared since the process started (create-payout-batch.ts, create-payin-batch.ts). */
export function createBatching(scrape: Scrape, flow: 'payout' | 'payin' = 'payout'): { creates: number; commits: number } {
  return {
    creates: scrape.values.get(`corridor_${flow}_create_batch_size_sum`) ?? 0,
    commits: scrape.values.get(`corridor_${flow}_create_batch_size_count`) ?? 0,
  };
}

/** The window between two scrapes. */
export function runtimeBetween(start: Scrape, end: Scrape): RuntimeWindow {
  const delta = (name: string) => (end.values.get(name) ?? 0) - (start.values.get(name) ?? 0);
  const seconds = Math.max(0.001, (end.at - start.at) / 1000);
  const [before, after] = [createBatching(start), createBatching(end)];
  const creates = after.creates - before.creates;
  const batches = after.commits - before.commits;
  return {
    loopP99Ms: beyondInterval(end, 'nodejs_eventloop_lag_p99_seconds'),
    loopMaxMs: beyondInterval(end, 'nodejs_eventloop_lag_max_seconds'),
    gcMsPerSecond: (delta('nodejs_gc_duration_seconds_sum') * 1000) / seconds,
    gcPausesOver10Ms: Math.round(delta('nodejs_gc_duration_seconds_count') - delta('nodejs_gc_duration_seconds_bucket{le="0.01"}')),
    ...(batches > 0 ? { meanCreateBatch: creates / batches } : {}),
  };
}

function beyondInterval(scrape: Scrape, name: string): number {
  return Math.max(0, (scrape.values.get(name) ?? 0) - (scrape.values.get('nodejs_eventloop_lag_min_seconds') ?? 0)) * 1000;
}
