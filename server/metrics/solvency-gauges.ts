import { Gauge } from 'prom-client';
import type { Db } from '../../db/client';
import type { SolvencyStatus } from '../../db/schema';
import { lastSolvencyFigures, latestSolvencyChecks } from '../solvency/list-solvency-checks';
import { metricsRegistry } from './registry';

const STATUSES: readonly SolvencyStatus[] = ['ok', 'shortfall', 'error'];

/**
 * The solvency check's gauges, read from its table when Prometheus scrapes, so every node shows the
 * deployment's last result (docs/operations.md, "Alerts"). The surplus is the one place a USDT
 * figure becomes a JS number: Prometheus samples are floats; the exact figure stays in the table.
 */
export function registerSolvencyGauges(database: () => Promise<Db>): void {
  const registry = metricsRegistry();
  if (registry.getSingleMetric('corridor_solvency_surplus_usdt')) return;
  new Gauge({
    name: 'corridor_solvency_surplus_usdt',
    help: 'USDT on chain minus USDT owed to merchants and traders, at the last check that read every chain (negative: a shortfall).',
    registers: [registry],
    async collect() {
      const last = await lastSolvencyFigures(await database());
      if (last?.surplus) this.set(Number(last.surplus));
    },
  });
  new Gauge({
    name: 'corridor_solvency_last_success_timestamp_seconds',
    help: 'When the last solvency check that read every chain ran (Unix time).',
    registers: [registry],
    async collect() {
      const last = await lastSolvencyFigures(await database());
      if (last) this.set(last.runAt.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'corridor_solvency_check_status',
    help: 'The status of the last solvency check: 1 for its status (ok, shortfall, error), 0 for the others.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const [last] = await latestSolvencyChecks(await database(), 1);
      if (!last) return;
      for (const status of STATUSES) this.set({ status }, last.status === status ? 1 : 0);
    },
  });
}
