import type { Executor } from '../../db/client';
import { bestPayoutQuoteForFiat, bestPayoutQuoteForUsd } from '../../db/statements/quote-prices';

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
  const [quote] = 'fiatAmount' in amount ? await bestPayoutQuoteForFiat(db, { amount: amount.fiatAmount }) : await bestPayoutQuoteForUsd(db, { amount: amount.usdAmount });
  return quote ?? null;
}
