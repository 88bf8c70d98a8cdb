import { sql, type SQL } from 'drizzle-orm';
import { reusableSql } from '../reusable-query';

// Open disputes of both flows whose disputed_at lies in a range: a range scan of each disputed index,
// so each open dispute is read once, by its own bucket. (A list of every open dispute, built and
// then scanned once per bucket, read each five times: 0.2 s a scrape at the bench's million orders,
// whose history leaves 143,000 disputes open, and 1 s at ten million; docs/performance.md, "Growth".)
const disputesAged = (range: SQL) => sql`(
        (select count(*) from payout_orders, now_ where status = 'DISPUTED' and ${range})
        + (select count(*) from payin_orders, now_ where status = 'DISPUTED' and ${range}))::int`;

// The queue and timer figures of /metrics and the console (server/operations/operations-figures.ts),
// built once: they are scraped every few seconds. Each subquery walks a partial or leading-column index (webhook_deliveries_due_idx, the payout and
// pay-in due and disputed indexes), so a scrape stays cheap at a million orders.
export const operationsFigureRow = reusableSql(
  () => sql`
    with now_ as (select ${sql.placeholder('now')}::timestamptz as at),
    due as (
      select payment_due_at as due_at from payout_orders, now_ where status = 'PENDING_PAYMENT' and payment_due_at <= now_.at
      union all
      select merchant_action_due_at from payout_orders, now_ where status = 'PAYMENT_SUBMITTED' and merchant_action_due_at <= now_.at
      union all
      select expires_at from payin_orders, now_ where status in ('PENDING_MATCH', 'PENDING_PAYMENT') and expires_at <= now_.at
    )
    select
      (select count(*) from webhook_deliveries, now_ where status = 'pending' and next_attempt_at <= now_.at)::int as "pending",
      (select count(*) from webhook_deliveries where status = 'delivering')::int as "inFlight",
      coalesce((select extract(epoch from now_.at - min(next_attempt_at)) from webhook_deliveries, now_ where status = 'pending' and next_attempt_at <= now_.at group by now_.at), 0)::float8 as "oldestPending",
      (select count(*) from due)::int as "timersDue",
      coalesce((select extract(epoch from (select at from now_) - min(due_at)) from due), 0)::float8 as "timerLag",
      ${disputesAged(sql`disputed_at > now_.at - interval '4 hours'`)} as "lt_4h",
      ${disputesAged(sql`disputed_at <= now_.at - interval '4 hours' and disputed_at > now_.at - interval '1 day'`)} as "4h_24h",
      ${disputesAged(sql`disputed_at <= now_.at - interval '1 day' and disputed_at > now_.at - interval '3 days'`)} as "1d_3d",
      ${disputesAged(sql`disputed_at <= now_.at - interval '3 days'`)} as "gt_3d"`,
);

// Deliveries still pending after at least one failed attempt: the merchants whose endpoints are
// failing now (the pending set is small; the attempt history is not scanned).
/** Merchants with the most failing webhook deliveries (at most 50). */
export const failingWebhooksByMerchant = reusableSql(
  () => sql`
    select merchant_id as "merchantId", count(*)::int as failing
    from webhook_deliveries
    where status = 'pending' and attempts > 0
    group by merchant_id order by failing desc limit 50`,
);
