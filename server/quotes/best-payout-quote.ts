import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reusableQuery } from '../../db/reusable-query';
import { traderQuotes, traders } from '../../db/schema';

export interface PayoutQuote {
  traderId: string;
  price: string;
}

/**
 * The best rate for a payout: the highest BUY price (most CNY per USDT for the merchant) among
 * online traders whose per-order limits hold the amount. With usdAmount the CNY the trader would
 * pay depends on each quote's own price, so the limit is checked against usd x price.
 */
export async function bestPayoutQuote(
  db: Executor,
  amount: { fiatAmount: string } | { usdAmount: string },
): Promise<PayoutQuote | null> {
  const [quote] = 'fiatAmount' in amount ? await forFiat(db, { amount: amount.fiatAmount }) : await forUsd(db, { amount: amount.usdAmount });
  return quote ?? null;
}

/** Built once per amount kind (db/reusable-query.ts): every payout create runs one of them. */
function bestQuoteFor(fiat: SQL) {
  return reusableQuery((db) => bestPayoutQuoteQuery(db, fiat));
}

/**
 * The rule itself, as a query on any builder (a database, a transaction, or the standalone
 * QueryBuilder of payout-pricing.ts): `fiat` is the CNY amount the quote's limits must hold.
 */
export function bestPayoutQuoteQuery(db: Pick<Executor, 'select'>, fiat: SQL) {
  return db
      .select({ traderId: traderQuotes.traderId, price: traderQuotes.price })
      .from(traderQuotes)
      .innerJoin(traders, eq(traders.id, traderQuotes.traderId))
      .where(
        and(
          eq(traderQuotes.side, 'BUY'),
          eq(traderQuotes.active, true),
          eq(traders.online, true),
          eq(traders.status, 'active'),
          lte(traderQuotes.minFiat, fiat),
          gte(traderQuotes.maxFiat, fiat),
        ),
      )
      .orderBy(desc(traderQuotes.price), sql`${traders.lastMatchedAt} asc nulls first`)
      .limit(1);
}
/** The CNY a quote's limits are checked against: the amount itself, or usd x the quote's price. */
export const fiatOfFiatAmount = sql`${sql.placeholder('amount')}::numeric`;
export const fiatOfUsdAmount = sql`round(${sql.placeholder('amount')}::numeric * ${traderQuotes.price}, 2)`;
const forFiat = bestQuoteFor(fiatOfFiatAmount);
const forUsd = bestQuoteFor(fiatOfUsdAmount);
