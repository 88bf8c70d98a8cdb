import { Gauge } from 'prom-client';
import type { Db } from '../../db/client';
import { latestReconciliationRun, openExceptionCount } from '../reconciliation/list-reconciliation';
import { metricsRegistry } from './registry';

/**
 * The reconciliation's gauges, read from its tables when Prometheus scrapes, so every node shows the
 * deployment's figures (docs/reconciliation.md, "Metrics"): counts only, never a subject.
 */
export function registerReconciliationGauges(database: () => Promise<Db>): void {
  const registry = metricsRegistry();
  if (registry.getSingleMetric('corridor_reconciliation_items')) return;
  new Gauge({
    name: 'corridor_reconciliation_items',
    help: 'Items of the newest reconciled day, by check (ledger_bank, ledger_chain, ledger_self) and state (MATCHED, MISMATCHED, EXPECTED).',
    labelNames: ['check', 'state'],
    registers: [registry],
    async collect() {
      const run = await latestReconciliationRun(await database());
      if (!run) return;
      for (const [check, byState] of Object.entries(run.counts)) {
        for (const [state, count] of Object.entries(byState)) this.set({ check, state }, count);
      }
    },
  });
  new Gauge({
    name: 'corridor_reconciliation_last_run_timestamp_seconds',
    help: 'When the newest reconciled day was last run (Unix time).',
    registers: [registry],
    async collect() {
      const run = await latestReconciliationRun(await database());
      if (run?.finishedAt) this.set(run.finishedAt.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'corridor_reconciliation_open_exceptions',
    help: 'MISMATCHED reconciliation items no operator has resolved, every day.',
    registers: [registry],
    async collect() {
      this.set(await openExceptionCount(await database()));
    },
  });
}
