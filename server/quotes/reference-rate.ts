import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reusableQuery } from '../../db/reusable-query';
import { platformSettings, traderQuotes, traders, type QuoteSide } from '../../db/schema';
import { medianRate } from '../money/reference-rate';

export const REFERENCE_RATE_OVERRIDE = 'reference_rate.override';

/**
 * The reference rate (CNY per USDT) of docs/amounts.md, "Rates": the operator's override when set,
 * else the median of the active quotes of online traders on that side. One place, used by payouts
 * and pay-ins alike. Null when there is no quote at all.
 */
export async function referenceRate(db: Executor, side: QuoteSide): Promise<string | null> {
  // Both reads go out together (one round trip on the create path); the median is used only
  // when no override is set.
  const [overrides, median] = await Promise.all([
    overrideSetting(db),
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
  const quotes = await activePrices(db, { side });
  return medianRate(quotes.map((quote) => quote.price));
}

/** The override setting's row, on any builder. */
export function overrideSettingQuery(db: Pick<Executor, 'select'>) {
  return db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, REFERENCE_RATE_OVERRIDE));
}

/** The prices the median is taken of: active quotes of online, active traders on the side `side`. */
export function activePricesQuery(db: Pick<Executor, 'select'>, side: SQLWrapper | QuoteSide) {
  return db
    .select({ price: traderQuotes.price })
    .from(traderQuotes)
    .innerJoin(traders, eq(traders.id, traderQuotes.traderId))
    .where(and(eq(traderQuotes.side, side), eq(traderQuotes.active, true), eq(traders.online, true), eq(traders.status, 'active')));
}

// Built once (db/reusable-query.ts).
const overrideSetting = reusableQuery((db) => overrideSettingQuery(db));
const activePrices = reusableQuery((db) => activePricesQuery(db, sql.placeholder('side')));
