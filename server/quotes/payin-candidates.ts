import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';

export interface PayinCandidate {
  traderId: string;
  price: string;
  bankAccountId: string | null;
  /** Whether that account confirms pay-ins from bank notifications (its pay-ins get cent offsets). */
  autoConfirm: boolean;
  /** Whether the trader's available USDT covers the order at this price right now. */
  canEscrow: boolean;
}

export type PayinAmountIn = { fiatAmount: string } | { assetAmount: string };

/**
 * Traders who could sell USDT for this pay-in, best first: the lowest SELL price (the buyer pays
 * least), ties to the trader matched longest ago so work spreads. Only online, active traders
 * with a receiving bank account and a quote whose per-order limits hold the CNY amount count. An
 * auto-confirm account whose forwarder is silent (server/traders/listener-health.ts) is
 * skipped: the trader's newest other account serves, or another trader.
 * `maxPrice` keeps a queued order's locked rate: a later match must not be at a worse price.
 */
export async function payinCandidates(db: Executor, amount: PayinAmountIn, options: { maxPrice?: string; limit?: number } = {}): Promise<PayinCandidate[]> {
  // The CNY the buyer pays and the USDT the trader escrows, at each quote's own price
  // (docs/amounts.md, "Pay-in amounts": fiat rounds up from an asset amount, the asset rounds down from fiat).
  const fiat =
    'fiatAmount' in amount ? sql`${amount.fiatAmount}::numeric` : sql`ceil(${amount.assetAmount}::numeric * q.price * 100) / 100`;
  const asset =
    'assetAmount' in amount ? sql`${amount.assetAmount}::numeric` : sql`floor(${amount.fiatAmount}::numeric / q.price * 1000000) / 1000000`;
  const rows = rowsOf<{ traderId: string; price: string; bankAccountId: string | null; autoConfirm: boolean | null; canEscrow: boolean }>(
    await db.execute(sql`
      select q.trader_id as "traderId", q.price::text as price,
             b.id as "bankAccountId", b.auto_confirm as "autoConfirm",
             coalesce(a.balance >= ${asset}, false) as "canEscrow"
      from trader_quotes q
      join traders t on t.id = q.trader_id
      left join lateral (
        select b.id, b.auto_confirm from trader_bank_accounts b
        where b.trader_id = q.trader_id and b.active
          and (not b.auto_confirm or b.listener_last_seen_at >= now() - b.listener_silence_seconds * interval '1 second')
        order by b.created_at desc limit 1) b on true
      left join ledger_accounts a on a.id = 'trader:' || q.trader_id || ':available'
      where q.side = 'SELL' and q.active and t.online and t.status = 'active'
        and q.min_fiat <= ${fiat} and q.max_fiat >= ${fiat}
        ${options.maxPrice ? sql`and q.price <= ${options.maxPrice}::numeric` : sql``}
      order by q.price asc, t.last_matched_at asc nulls first, q.trader_id
      limit ${options.limit ?? 10}`),
  );
  const yes = (value: unknown) => value === true || value === 't';
  return rows.map((row) => ({ ...row, autoConfirm: yes(row.autoConfirm), canEscrow: yes(row.canEscrow) }));
}
