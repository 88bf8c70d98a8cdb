import { Counter, Gauge } from 'prom-client';
import type { Db } from '../../db/client';
import { poolUsage } from '../../db/pool-usage';
import { DISPUTE_AGE_BUCKETS, operationsFigures, type OperationsFigures } from '../operations/operations-figures';
import { lastLedgerCheck, type LedgerCheckRow } from '../ledger/run-invariant-check';
import { metricsRegistry } from './registry';
import { registerSignerGauges } from './signer-metrics';
import { registerReconciliationGauges } from './reconciliation-gauges';
import { registerSolvencyGauges } from './solvency-gauges';

const SCRAPE_CACHE_MS = 2_000;

/**
 * Gauges read from the database when Prometheus scrapes (one query per scrape, shared by every
 * gauge, cached for two seconds so several scrapers do not multiply it). They describe the whole
 * deployment, not this process: any node's /metrics shows the same queue and timer figures.
 */
export function registerOperationsGauges(database: () => Promise<Db>): void {
  const registry = metricsRegistry();
  if (registry.getSingleMetric('corridor_webhook_deliveries_pending')) return;

  let cached: { at: number; figures: Promise<OperationsFigures> } | undefined;
  const read = () => {
    const now = Date.now();
    if (!cached || now - cached.at > SCRAPE_CACHE_MS) {
      cached = { at: now, figures: database().then((db) => operationsFigures(db)) };
      cached.figures.catch(() => (cached = undefined));
    }
    return cached.figures;
  };
  const gauge = (name: string, help: string, set: (g: Gauge, figures: OperationsFigures) => void, labelNames: string[] = []) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        set(this, await read());
      },
    });

  // This process's pool, not the deployment's: read from memory, no query.
  new Gauge({
    name: 'corridor_db_pool_connections',
    help: "This process's PostgreSQL pool: its size, and the connections held by a transaction now.",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const usage = poolUsage();
      this.set({ state: 'size' }, usage.size);
      this.set({ state: 'in_transaction' }, usage.inTransaction);
    },
  });
  new Gauge({
    name: 'corridor_db_pool_waiting',
    help: 'Transactions in this process waiting for a pool connection.',
    registers: [registry],
    collect() {
      this.set(poolUsage().waiting);
    },
  });
  // Counted where statements are handed to the driver (db/client.ts); read here, never incremented.
  new Counter({
    name: 'corridor_db_statements_total',
    help: 'Statements this process sent on its PostgreSQL pools, BEGIN and COMMIT included.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(poolUsage().statements);
    },
  });

  gauge('corridor_webhook_deliveries_pending', 'Webhook deliveries due and waiting for a worker.', (g, f) => g.set(f.webhooks.pending));
  gauge('corridor_webhook_deliveries_in_flight', 'Webhook deliveries leased by a worker now.', (g, f) => g.set(f.webhooks.inFlight));
  gauge('corridor_webhook_oldest_pending_age_seconds', 'How long the oldest due delivery has waited.', (g, f) => g.set(f.webhooks.oldestPendingAgeSeconds));
  gauge(
    'corridor_webhook_deliveries_failing',
    'Deliveries pending after at least one failed attempt, by merchant (the 50 most failing).',
    (g, f) => {
      g.reset();
      for (const row of f.webhooks.failingByMerchant) g.set({ merchant_id: row.merchantId }, row.failing);
    },
    ['merchant_id'],
  );
  gauge('corridor_timers_due', 'Order timers past their due time and not yet fired.', (g, f) => g.set(f.timers.due));
  gauge('corridor_timers_oldest_due_lag_seconds', 'How far past its due time the oldest unfired timer is.', (g, f) => g.set(f.timers.oldestDueLagSeconds));
  const ledgerGauge = (name: string, help: string, value: (check: LedgerCheckRow) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const check = await lastLedgerCheck(await database());
        if (check) this.set(value(check));
      },
    });
  ledgerGauge('corridor_ledger_check_ok', 'Whether the last ledger invariant check passed (1) or found a broken invariant (0).', (check) => (check.ok ? 1 : 0));
  ledgerGauge('corridor_ledger_check_timestamp_seconds', 'When the last ledger invariant check ran (Unix time).', (check) => check.createdAt.getTime() / 1000);
  ledgerGauge('corridor_ledger_check_duration_seconds', 'How long the last ledger invariant check took.', (check) => check.durationMs / 1000);
  registerSolvencyGauges(database);
  registerSignerGauges(database);
  registerReconciliationGauges(database);
  gauge(
    'corridor_disputes_open',
    'Open disputes (both flows) by age.',
    (g, f) => {
      for (const bucket of DISPUTE_AGE_BUCKETS) g.set({ age: bucket }, f.disputes[bucket]);
    },
    ['age'],
  );
}
