import { Counter, Gauge } from 'prom-client';
import { singleMetric } from './registry';

/** Blocks between a chain's head and the watcher's cursor (docs/operations.md, "Chain watcher"); label: the chain key. */
export const chainLagBlocks = singleMetric(
  'corridor_chain_watcher_lag_blocks',
  (registry) =>
    new Gauge({
      name: 'corridor_chain_watcher_lag_blocks',
      help: 'Blocks the chain watcher is behind the node head, per chain.',
      labelNames: ['chain'] as const,
      registers: [registry],
    }),
);

/** Deposits by what the watcher did with them (detected, credited, held, orphaned), per chain. */
export const chainDepositsTotal = singleMetric(
  'corridor_chain_deposits_total',
  (registry) =>
    new Counter({
      name: 'corridor_chain_deposits_total',
      help: 'Chain deposits by outcome (detected, credited, held, orphaned), per chain.',
      labelNames: ['chain', 'outcome'] as const,
      registers: [registry],
    }),
);

/** Credited deposits whose block later left the chain: each opened a reorg case. Alert on any increase. */
export const chainReorgAfterCreditTotal = singleMetric(
  'corridor_chain_reorg_after_credit_total',
  (registry) =>
    new Counter({
      name: 'corridor_chain_reorg_after_credit_total',
      help: 'Credited deposits removed by a chain reorganisation (a reorg case was opened for each).',
      labelNames: ['chain'] as const,
      registers: [registry],
    }),
);

/** Watcher ticks that failed (node unreachable, rate limited, database error), per chain. */
export const chainWatcherErrorsTotal = singleMetric(
  'corridor_chain_watcher_errors_total',
  (registry) =>
    new Counter({
      name: 'corridor_chain_watcher_errors_total',
      help: 'Chain watcher ticks that failed, per chain.',
      labelNames: ['chain'] as const,
      registers: [registry],
    }),
);
