import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import type { RoutingSettings } from './routing-settings';
import { routingDay } from './routing-day';

/**
 * Counts one order of `fiatAmount` CNY on the account, only if it is still under its daily order
 * and CNY limits and out of its cooldown (docs/routing.md, "Account limits"). One conditional
 * update: a concurrent match on the same account waits for this row and re-checks the limits
 * against what this one wrote, so two matches at once never take an account past a limit.
 * A trader the new-trader gate holds (docs/routing.md, "New traders") is held to the gate's daily
 * order count and per-order maximum as well, read from its reputation row in the same statement.
 * False when the account has no room left: the match tries the next candidate.
 */
export async function claimAccountCapacity(
  tx: Tx,
  input: { bankAccountId: string; fiatAmount: string; now: Date; limits: RoutingSettings['limits']; newTrader: RoutingSettings['newTrader'] },
): Promise<boolean> {
  const day = routingDay(input.now);
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const today = sql`${day}::date`;
  const gate = input.newTrader;
  const withinGate = gate.enabled
    ? sql`and (exists (select 1 from trader_reputation r where r.trader_id = trader_bank_accounts.trader_id and r.gate_lifted_at is not null)
               or ((case when usage_day = ${today} then usage_orders else 0 end) < ${gate.dailyOrders}::int
                   and ${input.fiatAmount}::numeric <= ${gate.maxOrderFiat}::numeric))`
    : sql``;
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update trader_bank_accounts set
        usage_orders = case when usage_day = ${today} then usage_orders + 1 else 1 end,
        usage_fiat = case when usage_day = ${today} then usage_fiat + ${input.fiatAmount}::numeric else ${input.fiatAmount}::numeric end,
        usage_day = ${today},
        last_order_at = greatest(last_order_at, ${now})
      where id = ${input.bankAccountId}
        and (coalesce(daily_order_limit, ${input.limits.defaultDailyOrders}::int) is null
             or (case when usage_day = ${today} then usage_orders else 0 end) < coalesce(daily_order_limit, ${input.limits.defaultDailyOrders}::int))
        and (coalesce(daily_fiat_limit, ${input.limits.defaultDailyFiat}::numeric) is null
             or (case when usage_day = ${today} then usage_fiat else 0 end) + ${input.fiatAmount}::numeric <= coalesce(daily_fiat_limit, ${input.limits.defaultDailyFiat}::numeric))
        and (last_order_at is null or coalesce(cooldown_seconds, ${input.limits.defaultCooldownSeconds}::int) = 0
             or last_order_at <= ${now} - coalesce(cooldown_seconds, ${input.limits.defaultCooldownSeconds}::int) * interval '1 second')
        ${withinGate}
      returning id`),
  );
  return rows.length === 1;
}
