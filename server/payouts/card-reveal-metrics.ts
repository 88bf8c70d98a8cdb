import { Counter } from 'prom-client';
import { singleMetric } from '../metrics/registry';

/** Reveals of a recipient's full account number, by result (docs/operations.md): shown or throttled. */
export const cardRevealsTotal = singleMetric(
  'corridor_card_reveals_total',
  (registry) =>
    new Counter({
      name: 'corridor_card_reveals_total',
      help: "Traders' requests for a recipient's full account number, by result (shown, throttled).",
      labelNames: ['result'] as const,
      registers: [registry],
    }),
);

/**
 * Payout tasks given back after their number was seen, by outcome (docs/operations.md): counted
 * against the trader, or the one that suspended them. Any `suspended` is worth an operator's look.
 */
export const releasesAfterRevealTotal = singleMetric(
  'corridor_payout_releases_after_reveal_total',
  (registry) =>
    new Counter({
      name: 'corridor_payout_releases_after_reveal_total',
      help: 'Payout tasks given back by a trader who had seen the full account number, by outcome (counted, suspended).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
);
