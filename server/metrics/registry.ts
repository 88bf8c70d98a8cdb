import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one Prometheus registry (prom-client), on globalThis because the custom server and
 * Next's bundles load modules separately and both record into it. Default metrics cover memory,
 * CPU, GC and event-loop delay (`nodejs_eventloop_lag_*`). Names follow Prometheus conventions:
 * `_total` counters, `_seconds` histograms, labels with bounded values (docs/operations.md).
 */
const key = Symbol.for('corridor.metrics');
type Holder = { [key]?: Registry };

export function metricsRegistry(): Registry {
  const holder = globalThis as Holder;
  if (!holder[key]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
    holder[key] = registry;
  }
  return holder[key];
}

/** A metric registered once per process, even when its module is loaded twice. */
export function singleMetric<T>(name: string, create: (registry: Registry) => T): T {
  const registry = metricsRegistry();
  return (registry.getSingleMetric(name) as T | undefined) ?? create(registry);
}
