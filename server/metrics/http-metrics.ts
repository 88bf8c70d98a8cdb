import { Counter, Histogram } from 'prom-client';
import { singleMetric } from './registry';

export type Transport = 'rest' | 'trpc';

// Buckets from 2.5 ms to 10 s: the API's targets sit at 10-50 ms (docs/performance.md).
const BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const duration = () =>
  singleMetric(
    'corridor_http_request_duration_seconds',
    (registry) =>
      new Histogram({
        name: 'corridor_http_request_duration_seconds',
        help: 'Time to answer a request, by transport, route template, method and status.',
        labelNames: ['transport', 'route', 'method', 'status'] as const,
        buckets: BUCKETS,
        registers: [registry],
      }),
  );

const requests = () =>
  singleMetric(
    'corridor_http_requests_total',
    (registry) =>
      new Counter({
        name: 'corridor_http_requests_total',
        help: 'Requests answered, by transport, route template, method and status.',
        labelNames: ['transport', 'route', 'method', 'status'] as const,
        registers: [registry],
      }),
  );

/**
 * Records one answered request. `route` is the route's template (`withdrawals/:orderNo`, a tRPC
 * procedure path) or `unmatched`, never the raw path: ids in labels would grow without bound.
 */
export function observeRequest(transport: Transport, route: string, method: string, status: number, seconds: number): void {
  const labels = { transport, route, method, status: String(status) };
  // Looked up once per module: every request passes here.
  metrics ??= { duration: duration(), requests: requests() };
  metrics.duration.observe(labels, seconds);
  metrics.requests.inc(labels);
}

let metrics: { duration: ReturnType<typeof duration>; requests: ReturnType<typeof requests> } | undefined;
