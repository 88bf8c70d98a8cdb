import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile, type Measured } from './sql-baseline';

export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * An open-loop load: requests start at evenly spaced times, `rate` per second, whether or not the
 * earlier ones have been answered, and each latency counts from the planned start (so a stalled
 * server cannot hide its queue: coordinated omission). autocannon's own rate limit sends each
 * second's quota in a burst at the start of the second, which measures the burst, not the rate.
 *
 * The first `warmupSeconds` run at the same rate and are not counted, as wrk2 discards its
 * calibration: they open the client's connections (a new socket per request until the pool holds
 * enough) and take the server out of whatever the load before left it in. Counted, the first half
 * second alone set the p99 of a 10-second run (docs/performance.md, "Tails").
 */
export async function pacedLoad(
  baseUrl: string,
  rate: number,
  seconds: number,
  next: () => PacedRequest,
  { warmupSeconds = 2 }: { warmupSeconds?: number } = {},
): Promise<Measured> {
  const target = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  let errors = 0;
  const interval = 1000 / rate;
  const warmup = Math.round(rate * warmupSeconds);
  const count = Math.max(1, Math.round(rate * seconds));
  const started = performance.now();
  const measuredFrom = started + warmup * interval;
  const inFlight: Promise<void>[] = [];

  const send = (planned: number) =>
    new Promise<void>((resolve) => {
      const request = next();
      const outgoing = http.request(
        { host: target.hostname, port: target.port, method: request.method, path: request.path, headers: request.headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            // A refusal counts during the warm-up too: only its latencies are left out.
            if ((response.statusCode ?? 500) >= 400) errors += 1;
            else if (planned >= measuredFrom) latencies.push(performance.now() - planned);
            resolve();
          });
        },
      );
      outgoing.on('error', () => {
        errors += 1;
        resolve();
      });
      outgoing.end(request.body);
    });

  for (let index = 0; index < warmup + count; index += 1) {
    const planned = started + index * interval;
    const wait = planned - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(planned));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - measuredFrom) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requestsPerSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), errors, total: latencies.length + errors };
}
