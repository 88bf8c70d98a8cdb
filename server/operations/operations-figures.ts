import { rowsOf, type Db } from '../../db/client';
import { failingWebhooksByMerchant, operationsFigureRow } from '../../db/statements/operations-figures';

/** Dispute age buckets for the gauges: bounded label values (docs/operations.md). */
export const DISPUTE_AGE_BUCKETS = ['lt_4h', '4h_24h', '1d_3d', 'gt_3d'] as const;
type DisputeAgeBucket = (typeof DISPUTE_AGE_BUCKETS)[number];

export interface OperationsFigures {
  webhooks: { pending: number; inFlight: number; oldestPendingAgeSeconds: number; failingByMerchant: { merchantId: string; failing: number }[] };
  timers: { due: number; oldestDueLagSeconds: number };
  disputes: Record<DisputeAgeBucket, number>;
}

/** The queue and timer figures the metrics and the operator console show. */
export async function operationsFigures(db: Db, now = new Date()): Promise<OperationsFigures> {
  const [row] = rowsOf<Record<string, number>>(await operationsFigureRow(db, { now: now.toISOString() }));
  const failing = rowsOf<{ merchantId: string; failing: number }>(await failingWebhooksByMerchant(db));
  const value = (name: string) => Number(row?.[name] ?? 0);
  return {
    webhooks: { pending: value('pending'), inFlight: value('inFlight'), oldestPendingAgeSeconds: value('oldestPending'), failingByMerchant: failing },
    timers: { due: value('timersDue'), oldestDueLagSeconds: value('timerLag') },
    disputes: Object.fromEntries(DISPUTE_AGE_BUCKETS.map((bucket) => [bucket, value(bucket)])) as Record<DisputeAgeBucket, number>,
  };
}
