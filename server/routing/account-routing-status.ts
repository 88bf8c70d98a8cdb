import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { isoMsOrNull } from '../money/format';
import { routingDay } from './routing-day';
import { routingSettings } from './routing-settings';

export interface AccountRoutingStatus {
  bankAccountId: string;
  bankName: string;
  accountLast4: string;
  /** The limits in effect (the trader's own, else the platform's default; null: none). */
  dailyOrderLimit: number | null;
  dailyFiatLimit: string | null;
  minOrderFiat: string | null;
  maxOrderFiat: string | null;
  cooldownSeconds: number;
  /** Today's use (China Standard Time day). */
  ordersToday: number;
  fiatToday: string;
  failuresLastHour: number;
  /** While paused: why, and when it lifts (ISO); null when it takes pay-ins. */
  pause: { reason: string; until: string } | null;
}

/**
 * Each active receiving account of a trader as routing sees it (docs/routing.md, "Account limits"):
 * its limits, today's use and any automatic pause with its reason and the time it lifts.
 */
export async function accountRoutingStatus(db: Executor, traderId: string, now = new Date()): Promise<AccountRoutingStatus[]> {
  const { value: settings } = await routingSettings(db);
  const pauseMs = settings.pauseMinutes * 60_000;
  const since = new Date(now.getTime() - 3_600_000 - pauseMs);
  const day = routingDay(now);
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const rows = rowsOf<{
    id: string;
    bankName: string;
    accountLast4: string;
    dailyOrderLimit: number | null;
    dailyFiatLimit: string | null;
    minOrderFiat: string | null;
    maxOrderFiat: string | null;
    cooldownSeconds: number;
    ordersToday: number;
    fiatToday: string;
    failuresLastHour: number | string;
    pauseFrom: Date | string | null;
  }>(
    await db.execute(sql`
      with failure as (
        select o.trader_bank_account_id as account_id, coalesce(o.disputed_at, o.cancelled_at, o.updated_at) as at
        from payin_orders o
        where o.trader_id = ${traderId} and o.matched_at >= ${since.toISOString()}::timestamptz
          and payin_outcome(o.status, o.disputed_at, o.cancelled_at, o.expires_at) = 'failed'
      ), runs as (
        select account_id, at, count(*) over (partition by account_id order by at range between interval '1 hour' preceding and current row) as run
        from failure where at <= ${nowParam}
      )
      select b.id, b.bank_name as "bankName", b.account_last4 as "accountLast4",
             coalesce(b.daily_order_limit, ${settings.limits.defaultDailyOrders}::int) as "dailyOrderLimit",
             coalesce(b.daily_fiat_limit, ${settings.limits.defaultDailyFiat}::numeric)::text as "dailyFiatLimit",
             b.min_order_fiat::text as "minOrderFiat", b.max_order_fiat::text as "maxOrderFiat",
             coalesce(b.cooldown_seconds, ${settings.limits.defaultCooldownSeconds}::int) as "cooldownSeconds",
             case when b.usage_day = ${day}::date then b.usage_orders else 0 end as "ordersToday",
             (case when b.usage_day = ${day}::date then b.usage_fiat else 0 end)::numeric(20, 2)::text as "fiatToday",
             (select count(*) from failure f where f.account_id = b.id and f.at > ${nowParam} - interval '1 hour' and f.at <= ${nowParam}) as "failuresLastHour",
             (select max(r.at) from runs r where r.account_id = b.id and ${settings.pauseAfterFailures}::int is not null and r.run >= ${settings.pauseAfterFailures}::int) as "pauseFrom"
      from trader_bank_accounts b
      where b.trader_id = ${traderId} and b.active
      order by b.created_at desc, b.id`),
  );
  return rows.map((row) => {
    const until = row.pauseFrom === null ? null : new Date(new Date(row.pauseFrom).getTime() + pauseMs);
    const paused = until !== null && until.getTime() > now.getTime();
    return {
      bankAccountId: row.id,
      bankName: row.bankName,
      accountLast4: row.accountLast4,
      dailyOrderLimit: row.dailyOrderLimit === null ? null : Number(row.dailyOrderLimit),
      dailyFiatLimit: row.dailyFiatLimit,
      minOrderFiat: row.minOrderFiat,
      maxOrderFiat: row.maxOrderFiat,
      cooldownSeconds: Number(row.cooldownSeconds),
      ordersToday: Number(row.ordersToday),
      fiatToday: row.fiatToday,
      failuresLastHour: Number(row.failuresLastHour),
      pause: paused
        ? {
            reason: `${settings.pauseAfterFailures ?? ''} pay-ins failed (expired, disputed or not received) within an hour`,
            until: isoMsOrNull(until) as string,
          }
        : null,
    };
  });
}
