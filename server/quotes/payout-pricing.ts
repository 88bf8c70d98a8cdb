import { rowsOf, type Executor } from '../../db/client';
import { payoutPricingForFiat, payoutPricingForUsd } from '../../db/statements/quote-prices';
import { medianRate } from '../money/reference-rate';
import type { PayoutQuote } from './best-payout-quote';
import { referenceRateOf } from './reference-rate';

export interface PayoutPricing {
  /** best-payout-quote.ts: null when no quote can serve the amount. */
  quote: PayoutQuote | null;
  /** reference-rate.ts: the override, else the median of the active BUY quotes. */
  referenceRate: string | null;
}

/**
 * What a payout create reads, in one statement: the best quote for the amount (bestPayoutQuote's
 * rule), the reference-rate override and the active BUY prices for the median (referenceRate's).
 * The same queries as those modules run, nested as subqueries (db/statements/quote-prices.ts), so a
 * create reads with one round trip and one write to the socket instead of three.
 */
export async function payoutPricing(db: Executor, amount: { fiatAmount: string } | { usdAmount: string }): Promise<PayoutPricing> {
  const statement = 'fiatAmount' in amount ? payoutPricingForFiat : payoutPricingForUsd;
  const [row] = rowsOf<{ best: PayoutQuote | string | null; override: unknown; prices: string[] | string }>(
    await statement(db, { amount: 'fiatAmount' in amount ? amount.fiatAmount : amount.usdAmount }),
  );
  const best = typeof row?.best === 'string' ? (JSON.parse(row.best) as PayoutQuote) : (row?.best ?? null);
  const override = typeof row?.override === 'string' ? (JSON.parse(row.override) as unknown) : row?.override;
  return { quote: best, referenceRate: referenceRateOf(override, medianRate(pricesOf(row?.prices))) };
}

/** text[] arrives as an array from both drivers; as PostgreSQL's text form if a driver does not parse it. */
function pricesOf(prices: string[] | string | undefined): string[] {
  if (prices === undefined) return [];
  if (Array.isArray(prices)) return prices;
  const inner = prices.replace(/^\{|\}$/g, '');
  return inner.length === 0 ? [] : inner.split(',');
}
