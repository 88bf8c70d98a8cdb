import { Counter, Histogram } from 'prom-client';
import { singleMetric } from '../metrics/registry';

/** Pay-in creates per batch (docs/operations.md): how much group commit is saving under load. */
export const payinCreateBatchSize = singleMetric(
  'corridor_payin_create_batch_size',
  (registry) =>
    new Histogram({
      name: 'corridor_payin_create_batch_size',
      help: 'Pay-in creates written together in one statement and one commit.',
      buckets: [1, 2, 4, 8, 16, 32],
      registers: [registry],
    }),
);

/**
 * Pay-in creates written again alone, a batch of one, by why (docs/operations.md): `error` (an
 * unexpected SQL error inside the batch for that create, a deadlock say), `batch_failed` (the
 * batch's statement failed as a whole). A steady rate of either is worth a look.
 */
export const payinCreateFallbacks = singleMetric(
  'corridor_payin_create_fallbacks_total',
  (registry) =>
    new Counter({
      name: 'corridor_payin_create_fallbacks_total',
      help: 'Pay-in creates written again alone, a batch of one, by reason.',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
);
