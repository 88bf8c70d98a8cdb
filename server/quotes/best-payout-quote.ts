import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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
  const fiat = 'fiatAmount' in amount ? sql`${amount.fiatAmount}::numeric` : sql`round(${amount.usdAmount}::numeric * ${traderQuotes.price}, 2)`;
  const [quote] = await db
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
  return quote ?? null;
}
