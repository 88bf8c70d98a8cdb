import { Counter, Histogram } from 'prom-client';
import { singleMetric } from '../metrics/registry';

/** Payout creates per batch (docs/operations.md): how much group commit is saving under load. */
export const payoutCreateBatchSize = singleMetric(
  'corridor_payout_create_batch_size',
  (registry) =>
    new Histogram({
      name: 'corridor_payout_create_batch_size',
      help: 'Payout creates written together in one statement and one commit.',
      buckets: [1, 2, 4, 8, 16, 32, 64],
      registers: [registry],
    }),
);

/**
 * Payout creates the batch did not settle and that ran alone on the transactional path, by why
 * (docs/operations.md): `error` (an unexpected SQL error inside the batch), `batch_failed` (the
 * batch's statement failed as a whole), `not_prepared` (refused before the batch: no quote, an
 * amount too small). A steady rate of the first two is worth a look.
 */
export const payoutCreateFallbacks = singleMetric(
  'corridor_payout_create_fallbacks_total',
  (registry) =>
    new Counter({
      name: 'corridor_payout_create_fallbacks_total',
      help: 'Payout creates run alone on the transactional path instead of in a batch, by reason.',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
);
