import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { REPUTATION_WINDOW_DAYS } from './reputation-window';

/** What the new-trader gate asks of a record before it lifts (the routing settings' `newTrader`). */
export interface GateRecord {
  minCompletedOrders: number;
  minDays: number;
}

/**
 * Recomputes every trader's reputation row (docs/routing.md, "Reputation") in one statement. The
 * window's figures read the orders matched or accepted in the last 30 days by their time indexes, so
 * the cost follows a month's orders, not all of them. The lifetime count for the new-trader gate is
 * read only for traders still gated: once a trader has the record, its gate stays lifted.
 * Returns the number of traders refreshed.
 */
export async function refreshTraderReputation(db: Executor, now: Date, gate: GateRecord): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const since = sql`${new Date(now.getTime() - REPUTATION_WINDOW_DAYS * 86_400_000).toISOString()}::timestamptz`;
  const rows = rowsOf<{ traderId: string }>(
    await db.execute(sql`
      with record as (
        -- Pay-ins: completed; failed when ruled failed or expired after the match (a cancellation before the deadline is nobody's failure).
        select o.trader_id,
               case when o.status = 'COMPLETED' then 'completed'
                    when o.status = 'FAILED' or (o.status = 'CANCELLED' and o.cancelled_at >= o.expires_at) then 'failed' end as kind,
               case when o.status = 'COMPLETED' and o.disputed_at is null and o.payment_submitted_at is not null
                    then extract(epoch from o.completed_at - o.payment_submitted_at) end as release_seconds,
               -- Lost: disputed and ruled that the trader must release it all (a split is not counted).
               (o.disputed_at is not null and o.status = 'COMPLETED' and o.resolution_code is not null
                and o.resolution_merchant_amount is null) as lost,
               o.asset_amount as usdt
        from payin_orders o
        where o.matched_at >= ${since} and o.matched_at <= ${at} and o.trader_id is not null
        union all
        -- Payouts accepted: completed, or cancelled after the accept (overdue, or refunded by a ruling).
        select p.trader_id,
               case when p.status = 'COMPLETED' then 'completed' when p.status = 'CANCELLED' then 'failed' end,
               null,
               (p.disputed_at is not null and p.status = 'CANCELLED' and p.resolution_code is not null),
               p.usd_amount
        from payout_orders p
        where p.accepted_at >= ${since} and p.accepted_at <= ${at} and p.trader_id is not null
      ), window_stats as (
        select trader_id,
               count(*) filter (where kind = 'completed')::int as completed,
               count(*) filter (where kind = 'failed')::int as failed,
               round(percentile_cont(0.5) within group (order by release_seconds))::int as median_release,
               count(*) filter (where lost)::int as disputes_lost,
               coalesce(sum(usdt) filter (where kind = 'completed'), 0) as volume
        from record group by trader_id
      ), gated as materialized (
        -- Only traders the gate still holds read their lifetime: filtered before the counts, so a lifted one costs nothing.
        select t.id from traders t
        where not exists (select 1 from trader_reputation r where r.trader_id = t.id and r.gate_lifted_at is not null)
      ), lifetime as materialized (
        select g.id as trader_id, c.completed_total, c.first_completed_at
        from gated g
        cross join lateral (
          select (select count(*) from payin_orders o where o.trader_id = g.id and o.status = 'COMPLETED')
                 + (select count(*) from payout_orders p where p.trader_id = g.id and p.status = 'COMPLETED') as completed_total,
                 least((select min(o.completed_at) from payin_orders o where o.trader_id = g.id and o.status = 'COMPLETED'),
                       (select min(p.completed_at) from payout_orders p where p.trader_id = g.id and p.status = 'COMPLETED')) as first_completed_at
        ) c
      )
      insert into trader_reputation as r
        (trader_id, completed, failed, median_release_seconds, disputes_lost, volume, completed_total, first_completed_at, gate_lifted_at, refreshed_at)
      select t.id, coalesce(w.completed, 0), coalesce(w.failed, 0), w.median_release, coalesce(w.disputes_lost, 0), coalesce(w.volume, 0),
             coalesce(l.completed_total, 0), l.first_completed_at,
             case when l.completed_total >= ${gate.minCompletedOrders}::int
                       and (${gate.minDays}::int = 0 or l.first_completed_at <= ${at} - ${gate.minDays}::int * interval '1 day')
                  then ${at} end,
             ${at}
      from traders t
      left join window_stats w on w.trader_id = t.id
      left join lifetime l on l.trader_id = t.id
      on conflict (trader_id) do update set
        completed = excluded.completed, failed = excluded.failed, median_release_seconds = excluded.median_release_seconds,
        disputes_lost = excluded.disputes_lost, volume = excluded.volume,
        -- A lifted gate keeps its record as it stood: the lifetime count is no longer read for it.
        completed_total = case when r.gate_lifted_at is null then excluded.completed_total else r.completed_total end,
        first_completed_at = case when r.gate_lifted_at is null then excluded.first_completed_at else r.first_completed_at end,
        gate_lifted_at = coalesce(r.gate_lifted_at, excluded.gate_lifted_at),
        refreshed_at = excluded.refreshed_at
      returning trader_id as "traderId"`),
  );
  return rows.length;
}
