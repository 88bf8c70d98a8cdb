import type { Executor } from '../../db/client';
import type { QuoteSide } from '../../db/schema';
import { activeQuotePrices, referenceRateOverride } from '../../db/statements/quote-prices';
import { medianRate } from '../money/reference-rate';

export { REFERENCE_RATE_OVERRIDE } from '../../db/statements/quote-prices';

/**
 * The reference rate (CNY per USDT) of docs/amounts.md, "Rates": the operator's override when set,
 * else the median of the active quotes of online traders on that side. One place, used by payouts
 * and pay-ins alike. Null when there is no quote at all.
 */
export async function referenceRate(db: Executor, side: QuoteSide): Promise<string | null> {
  // Both reads go out together (one round trip on the create path); the median is used only
  // when no override is set.
  const [overrides, median] = await Promise.all([
    referenceRateOverride(db),
    quotesMedianRate(db, side),
  ]);
  return referenceRateOf(overrides[0]?.value, median);
}

/** The override's rate when one is set (the setting's stored value), else the quotes' median. */
export function referenceRateOf(overrideValue: unknown, median: string | null): string | null {
  const overrideRate = (overrideValue as { rate?: string } | null | undefined)?.rate;
  return overrideRate || median;
}

/** The median of the active quotes of online, active traders on that side, ignoring any override. */
export async function quotesMedianRate(db: Executor, side: QuoteSide): Promise<string | null> {
  const quotes = await activeQuotePrices(db, { side });
  return medianRate(quotes.map((quote) => quote.price));
}
