import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { reusableSql } from '../../db/reusable-query';

/** Dispute age buckets for the gauges: bounded label values (docs/operations.md). */
export const DISPUTE_AGE_BUCKETS = ['lt_4h', '4h_24h', '1d_3d', 'gt_3d'] as const;
type DisputeAgeBucket = (typeof DISPUTE_AGE_BUCKETS)[number];

export interface OperationsFigures {
  webhooks: { pending: number; inFlight: number; oldestPendingAgeSeconds: number; failingByMerchant: { merchantId: string; failing: number }[] };
  timers: { due: number; oldestDueLagSeconds: number };
  disputes: Record<DisputeAgeBucket, number>;
}

// Each subquery walks a partial or leading-column index (webhook_deliveries_due_idx, the payout and
// pay-in due and disputed indexes), so a scrape stays cheap at a million orders.
const figures = reusableSql(
  () => sql`
    with now_ as (select ${sql.placeholder('now')}::timestamptz as at),
    due as (
      select payment_due_at as due_at from payout_orders, now_ where status = 'PENDING_PAYMENT' and payment_due_at <= now_.at
      union all
      select merchant_action_due_at from payout_orders, now_ where status = 'PAYMENT_SUBMITTED' and merchant_action_due_at <= now_.at
      union all
      select expires_at from payin_orders, now_ where status in ('PENDING_MATCH', 'PENDING_PAYMENT') and expires_at <= now_.at
    ),
    disputed as (
      select disputed_at from payout_orders where status = 'DISPUTED'
      union all
      select disputed_at from payin_orders where status = 'DISPUTED'
    )
    select
      (select count(*) from webhook_deliveries, now_ where status = 'pending' and next_attempt_at <= now_.at)::int as "pending",
      (select count(*) from webhook_deliveries where status = 'delivering')::int as "inFlight",
      coalesce((select extract(epoch from now_.at - min(next_attempt_at)) from webhook_deliveries, now_ where status = 'pending' and next_attempt_at <= now_.at group by now_.at), 0)::float8 as "oldestPending",
      (select count(*) from due)::int as "timersDue",
      coalesce((select extract(epoch from (select at from now_) - min(due_at)) from due), 0)::float8 as "timerLag",
      (select count(*) from disputed, now_ where disputed_at > now_.at - interval '4 hours')::int as "lt_4h",
      (select count(*) from disputed, now_ where disputed_at <= now_.at - interval '4 hours' and disputed_at > now_.at - interval '1 day')::int as "4h_24h",
      (select count(*) from disputed, now_ where disputed_at <= now_.at - interval '1 day' and disputed_at > now_.at - interval '3 days')::int as "1d_3d",
      (select count(*) from disputed, now_ where disputed_at <= now_.at - interval '3 days')::int as "gt_3d"`,
);

// Deliveries still pending after at least one failed attempt: the merchants whose endpoints are
// failing now (the pending set is small; the attempt history is not scanned).
const failingByMerchant = reusableSql(
  () => sql`
    select merchant_id as "merchantId", count(*)::int as failing
    from webhook_deliveries
    where status = 'pending' and attempts > 0
    group by merchant_id order by failing desc limit 50`,
);

/** The queue and timer figures the metrics and the operator console show. */
export async function operationsFigures(db: Db, now = new Date()): Promise<OperationsFigures> {
  const [row] = rowsOf<Record<string, number>>(await figures(db, { now: now.toISOString() }));
  const failing = rowsOf<{ merchantId: string; failing: number }>(await failingByMerchant(db));
  const value = (name: string) => Number(row?.[name] ?? 0);
  return {
    webhooks: { pending: value('pending'), inFlight: value('inFlight'), oldestPendingAgeSeconds: value('oldestPending'), failingByMerchant: failing },
    timers: { due: value('timersDue'), oldestDueLagSeconds: value('timerLag') },
    disputes: Object.fromEntries(DISPUTE_AGE_BUCKETS.map((bucket) => [bucket, value(bucket)])) as Record<DisputeAgeBucket, number>,
  };
}
