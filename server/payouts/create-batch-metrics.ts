import { Histogram } from 'prom-client';
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
