import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import type { ReputationFigures } from '../reputation/reputation-score';
import type { RoutingSettings } from './routing-settings';
import { routingDay } from './routing-day';

export interface PayinCandidate {
  traderId: string;
  price: string;
  bankAccountId: string | null;
  /** Whether that account confirms pay-ins from bank notifications (its pay-ins get cent offsets). */
  autoConfirm: boolean;
  /** Whether the trader's available USDT covers the order at this price right now. */
  canEscrow: boolean;
  /** The CNY of this order at this quote's price, which the account's daily amount counts. */
  fiatAmount: string;
  /** What routing reads of this account (docs/routing.md, "Signals"). */
  signals: CandidateSignals;
}

/** The raw facts a score is made of: counts and ratios, not money (the money stays in SQL). */
interface CandidateSignals {
  bankName: string;
  /** The account's pay-ins matched in the window that completed without dispute, and that failed. */
  completed: number;
  failed: number;
  /** Failures of the account within the last hour. */
  failedLastHour: number;
  /** Completed and failed pay-ins, in the window, on every trader's account at the same bank. */
  bankCompleted: number;
  bankFailed: number;
  /** Today's orders and CNY on the account over its limits (null: no limit). */
  ordersToday: number;
  orderLimit: number | null;
  fiatUsedShare: number | null;
  secondsSinceLastOrder: number | null;
  /** Where the amount sits in the quote's range: 0 at its minimum, 1 at its maximum (log scale). */
  tierPosition: number;
  /** The trader's available USDT over this order's USDT. */
  balanceCover: number;
  /** The trader's last match, for price-only routing's tie-break (ms since the epoch; null: never). */
  lastMatchedAt: number | null;
  /** The trader's record over the last 30 days (null: none yet), for the reputation signal. */
  reputation: ReputationFigures | null;
}

export type PayinAmountIn = { fiatAmount: string } | { assetAmount: string };

type Row = {
  ask: number | string;
  traderId: string;
  price: string;
  bankAccountId: string | null;
  autoConfirm: boolean | string | null;
  canEscrow: boolean | string;
  fiatAmount: string;
  bankName: string | null;
  completed: number | string | null;
  failed: number | string | null;
  failedLastHour: number | string | null;
  bankCompleted: number | string | null;
  bankFailed: number | string | null;
  ordersToday: number | string;
  orderLimit: number | string | null;
  fiatUsedShare: string | null;
  secondsSinceLastOrder: string | null;
  tierPosition: string | null;
  balanceCover: string | null;
  lastMatchedAt: Date | string | null;
  repCompleted: number | string | null;
  repFailed: number | string | null;
  repMedianRelease: number | string | null;
  repDisputesLost: number | string | null;
  bestPrice: string;
};

/** One pay-in to find candidates for: its amount and, for a queued order, the worst price it may take. */
export interface PayinCandidateAsk {
  amount: PayinAmountIn;
  maxPrice?: string;
}

export interface PayinCandidates {
  candidates: PayinCandidate[];
  /** The best price any quote offers for the amount (null: no quote holds it). */
  bestPrice: string | null;
}

/** The candidates for one pay-in: `payinCandidatesFor` with one ask. */
export async function payinCandidates(
  db: Executor,
  amount: PayinAmountIn,
  options: { maxPrice?: string; limit?: number; now?: Date; settings?: RoutingSettings } = {},
): Promise<PayinCandidates> {
  const [answer] = await payinCandidatesFor(db, [{ amount, maxPrice: options.maxPrice }], options);
  return answer ?? { candidates: [], bestPrice: null };
}

/**
 * Trader accounts that could take each of these pay-ins now, with what routing scores them on.
 * Only online, active traders with a SELL quote whose per-order limits hold the CNY amount count.
 * Each of their active receiving accounts whose own per-order bounds hold the amount, that is under
 * its daily order and CNY limits, out of its cooldown and not paused (docs/routing.md, "Account
 * limits") is a candidate; a trader with none is listed once without an account, so the best
 * quoted price is known for an order that must wait. An auto-confirm account whose forwarder is
 * silent (server/traders/listener-health.ts) is skipped. A trader the new-trader gate holds
 * (docs/routing.md, "New traders") has its accounts' daily order limit and per-order maximum
 * lowered to the gate's. Ordered as price-only routing takes them: accounts that can take it
 * first, then the lowest SELL price (the buyer pays least), ties to the trader matched longest ago
 * so work spreads, then the trader's newest account. `bestPrice` is the best quoted price whether
 * or not an account is free. `maxPrice` keeps a queued order's locked rate: a later match must not
 * be at a worse price.
 * One statement answers all the asks, in their order: the accounts' completions and failures and
 * the bank totals do not depend on the amount and are counted once for all of them
 * (docs/performance.md, "One routing read per batch").
 */
export async function payinCandidatesFor(
  db: Executor,
  asks: readonly PayinCandidateAsk[],
  options: { limit?: number; now?: Date; settings?: RoutingSettings } = {},
): Promise<PayinCandidates[]> {
  if (asks.length === 0) return [];
  const now = options.now ?? new Date();
  const settings = options.settings;
  const windowStart = new Date(now.getTime() - (settings?.windowMinutes ?? 180) * 60_000);
  const pauseAfter = settings?.pauseAfterFailures ?? null;
  const pauseMs = (settings?.pauseMinutes ?? 60) * 60_000;
  const hourAgo = new Date(now.getTime() - 3_600_000);
  // Failures that may still hold a pause: those of the last hour and the pause before it.
  const outcomesSince = new Date(Math.min(windowStart.getTime(), now.getTime() - 3_600_000 - pauseMs));
  const limits = settings?.limits;
  const day = routingDay(now);
  const gate = settings?.newTrader;
  // Held by the gate: it is on and the trader's record has not lifted it (no row yet: no record).
  const gated = gate?.enabled ? sql`(r.gate_lifted_at is null)` : sql`false`;
  // The CNY the buyer pays and the USDT the trader escrows, at each quote's own price
  // (docs/amounts.md, "Pay-in amounts": fiat rounds up from an asset amount, the asset rounds down from fiat).
  const fiat = sql`m.fiat`;
  const asset = sql`m.asset`;
  const askRows = asks.map((ask, index) => ({
    i: index,
    fiat: 'fiatAmount' in ask.amount ? ask.amount.fiatAmount : null,
    asset: 'assetAmount' in ask.amount ? ask.amount.assetAmount : null,
    max_price: ask.maxPrice ?? null,
  }));
  const preference = sql`b.id is null, q.price asc, t.last_matched_at asc nulls first, q.trader_id, b.created_at desc nulls last, b.id`;
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with asks as (
        select * from jsonb_to_recordset(${JSON.stringify(askRows)}::text::jsonb) as x(i int, fiat numeric, asset numeric, max_price numeric)
      ), failure as (
        -- Each failure, with when it happened (docs/routing.md, "Signals"), from the failures' own index.
        select o.trader_bank_account_id as account_id, o.matched_at,
               coalesce(o.disputed_at, o.cancelled_at, o.completed_at, o.updated_at) as at
        from payin_orders o
        join trader_bank_accounts b on b.id = o.trader_bank_account_id and b.active
        where payin_outcome(o.status, o.disputed_at, o.cancelled_at, o.expires_at) = 'failed'
          and o.matched_at >= ${outcomesSince.toISOString()}::timestamptz and o.matched_at <= ${nowParam}
      ), runs as (
        select account_id, at,
               count(*) over (partition by account_id order by at range between interval '1 hour' preceding and current row) as run
        from failure where at <= ${nowParam}
      ), pauses as (
        select account_id, max(at) as pause_from from runs where ${pauseAfter}::int is not null and run >= ${pauseAfter}::int group by account_id
      ), account_stats as (
        -- Completions are counted per minute of matching (routing_account_completions): the window
        -- starts at the start of its first minute.
        select b.id as account_id, b.bank_name,
               (select coalesce(sum(c.completed), 0)::int from routing_account_completions c
                where c.account_id = b.id and c.minute >= date_bin('1 minute', ${windowStart.toISOString()}::timestamptz, '2000-01-01 00:00:00+00')
                  and c.minute <= ${nowParam}) as completed,
               (select count(*)::int from failure f
                where f.account_id = b.id and f.matched_at >= ${windowStart.toISOString()}::timestamptz and f.at <= ${nowParam}) as failed,
               (select count(*)::int from failure f
                where f.account_id = b.id and f.at > ${hourAgo.toISOString()}::timestamptz and f.at <= ${nowParam}) as failed_last_hour,
               p.pause_from
        from trader_bank_accounts b
        left join pauses p on p.account_id = b.id
        where b.active
      ), bank_stats as (
        select bank_name, sum(completed)::int as completed, sum(failed)::int as failed from account_stats group by bank_name
      )
      select c.* from asks x cross join lateral (
      select x.i as ask, q.trader_id as "traderId", q.price::text as price,
             b.id as "bankAccountId", b.auto_confirm as "autoConfirm",
             coalesce(a.balance >= ${asset}, false) as "canEscrow",
             (${fiat})::numeric(20, 2)::text as "fiatAmount",
             b.bank_name as "bankName", b.completed, b.failed, b.failed_last_hour as "failedLastHour",
             bs.completed as "bankCompleted", bs.failed as "bankFailed",
             b.orders_today as "ordersToday", b.order_limit as "orderLimit",
             case when b.fiat_limit is null then null else (b.fiat_today / b.fiat_limit)::text end as "fiatUsedShare",
             extract(epoch from ${nowParam} - b.last_order_at)::text as "secondsSinceLastOrder",
             case when q.max_fiat = q.min_fiat then '0.5'
                  else (ln(${fiat} / q.min_fiat) / ln(q.max_fiat / q.min_fiat))::text end as "tierPosition",
             case when ${asset} > 0 then (coalesce(a.balance, 0) / ${asset})::text end as "balanceCover",
             t.last_matched_at as "lastMatchedAt",
             r.completed as "repCompleted", r.failed as "repFailed", r.median_release_seconds as "repMedianRelease",
             r.disputes_lost as "repDisputesLost",
             (min(q.price) over ())::text as "bestPrice",
             row_number() over (order by ${preference}) as rank
      from trader_quotes q
      cross join lateral (
        select coalesce(x.fiat, ceil(x.asset * q.price * 100) / 100) as fiat,
               coalesce(x.asset, floor(x.fiat / q.price * 1000000) / 1000000) as asset
      ) m
      join traders t on t.id = q.trader_id
      left join trader_reputation r on r.trader_id = q.trader_id
      left join lateral (
        select b.*, s.completed, s.failed, s.failed_last_hour from (
          select b.id, b.auto_confirm, b.bank_name, b.created_at, b.last_order_at, b.min_order_fiat,
                 -- least() skips nulls: the gate's cap applies over no limit, and a lower own limit stays.
                 case when ${gated} then least(b.max_order_fiat, ${gate?.maxOrderFiat ?? null}::numeric) else b.max_order_fiat end as max_order_fiat,
                 case when b.usage_day = ${day}::date then b.usage_orders else 0 end as orders_today,
                 case when b.usage_day = ${day}::date then b.usage_fiat else 0 end as fiat_today,
                 case when ${gated} then least(coalesce(b.daily_order_limit, ${limits?.defaultDailyOrders ?? null}::int), ${gate?.dailyOrders ?? null}::int)
                      else coalesce(b.daily_order_limit, ${limits?.defaultDailyOrders ?? null}::int) end as order_limit,
                 coalesce(b.daily_fiat_limit, ${limits?.defaultDailyFiat ?? null}::numeric) as fiat_limit,
                 coalesce(b.cooldown_seconds, ${limits?.defaultCooldownSeconds ?? 0}::int) as cooldown_seconds
          from trader_bank_accounts b
          where b.trader_id = q.trader_id and b.active
            and (not b.auto_confirm or b.listener_last_seen_at >= now() - b.listener_silence_seconds * interval '1 second')
        ) b
        left join account_stats s on s.account_id = b.id
        where (b.min_order_fiat is null or b.min_order_fiat <= ${fiat})
          and (b.max_order_fiat is null or b.max_order_fiat >= ${fiat})
          and (b.order_limit is null or b.orders_today < b.order_limit)
          and (b.fiat_limit is null or b.fiat_today + ${fiat} <= b.fiat_limit)
          and (b.last_order_at is null or b.cooldown_seconds = 0 or b.last_order_at <= ${nowParam} - b.cooldown_seconds * interval '1 second')
          and (s.pause_from is null or s.pause_from + ${pauseMs}::int * interval '1 millisecond' <= ${nowParam})
      ) b on true
      left join bank_stats bs on bs.bank_name = b.bank_name
      left join ledger_accounts a on a.id = 'trader:' || q.trader_id || ':available'
      where q.side = 'SELL' and q.active and t.online and t.status = 'active'
        and q.min_fiat <= ${fiat} and q.max_fiat >= ${fiat}
        ${settings?.bond.capEnabled ? withinBondCap(asset, settings.bond.multiple) : sql``}
        and (x.max_price is null or q.price <= x.max_price)
      order by ${preference}
      limit ${options.limit ?? 10}
      ) c
      order by c.ask, c.rank`),
  );
  const answers: PayinCandidates[] = asks.map(() => ({ candidates: [], bestPrice: null }));
  for (const row of rows) {
    const answer = answers[Number(row.ask)] as PayinCandidates;
    answer.candidates.push(candidateOf(row));
    answer.bestPrice ??= row.bestPrice;
  }
  return answers;
}

/**
 * The bond's cap (docs/routing.md, "Bond and exposure"): the trader's exposure with this order's
 * USDT must stay within its bond times its multiple. The match checks it again under the trader's
 * lock (server/bond/trader-exposure.ts); this keeps a capped trader off the candidate list.
 */
function withinBondCap(asset: SQL, platformMultiple: string): SQL {
  return sql`and (
    coalesce((select balance from ledger_accounts where id = 'trader:' || q.trader_id || ':escrow'), 0)
    + coalesce((select sum(po.usd_amount) from payout_orders po
                where po.trader_id = q.trader_id and po.status in ('PENDING_PAYMENT', 'PAYMENT_OVERDUE')), 0)
    + ${asset}
  ) <= coalesce((select balance from ledger_accounts where id = 'trader:' || q.trader_id || ':bond'), 0)
       * coalesce(t.bond_multiple, ${platformMultiple}::numeric)`;
}

const yes = (value: unknown) => value === true || value === 't';
const int = (value: number | string | null) => (value === null ? 0 : Number(value));
const ratio = (value: string | null) => (value === null ? null : Number(value));

function candidateOf(row: Row): PayinCandidate {
  return {
    traderId: row.traderId,
    price: row.price,
    bankAccountId: row.bankAccountId,
    autoConfirm: yes(row.autoConfirm),
    canEscrow: yes(row.canEscrow),
    fiatAmount: row.fiatAmount,
    signals: {
      bankName: row.bankName ?? '',
      completed: int(row.completed),
      failed: int(row.failed),
      failedLastHour: int(row.failedLastHour),
      bankCompleted: int(row.bankCompleted),
      bankFailed: int(row.bankFailed),
      ordersToday: int(row.ordersToday),
      orderLimit: row.orderLimit === null ? null : Number(row.orderLimit),
      fiatUsedShare: ratio(row.fiatUsedShare),
      secondsSinceLastOrder: ratio(row.secondsSinceLastOrder),
      tierPosition: ratio(row.tierPosition) ?? 0.5,
      balanceCover: ratio(row.balanceCover) ?? 0,
      lastMatchedAt: row.lastMatchedAt === null ? null : new Date(row.lastMatchedAt).getTime(),
      reputation:
        row.repCompleted === null
          ? null
          : {
              completed: int(row.repCompleted),
              failed: int(row.repFailed),
              medianReleaseSeconds: row.repMedianRelease === null ? null : Number(row.repMedianRelease),
              disputesLost: int(row.repDisputesLost),
            },
    },
  };
}
