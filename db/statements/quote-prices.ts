import { and, desc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { reusableQuery, reusableSql } from '../reusable-query';
import { platformSettings, traderQuotes, traders, type QuoteSide } from '../schema';

/**
 * The quote reads of pricing (server/quotes/ owns the rules: docs/amounts.md, "Rates"). Every
 * payout create runs them, so each is built once (db/reusable-query.ts).
 */

/** The key of the reference-rate override in platform_settings. */
export const REFERENCE_RATE_OVERRIDE = 'reference_rate.override';

/** The override setting's row, on any builder. */
function overrideSettingQuery(db: Pick<Executor, 'select'>) {
  return db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, REFERENCE_RATE_OVERRIDE));
}

/** The prices the median is taken of: active quotes of online, active traders on the side `side`. */
function activePricesQuery(db: Pick<Executor, 'select'>, side: SQLWrapper | QuoteSide) {
  return db
    .select({ price: traderQuotes.price })
    .from(traderQuotes)
    .innerJoin(traders, eq(traders.id, traderQuotes.traderId))
    .where(and(eq(traderQuotes.side, side), eq(traderQuotes.active, true), eq(traders.online, true), eq(traders.status, 'active')));
}

/**
 * The best quote for a payout: the highest BUY price among online traders whose per-order limits
 * hold `fiat`, the CNY amount (ties to the trader matched longest ago).
 */
function bestPayoutQuoteQuery(db: Pick<Executor, 'select'>, fiat: SQL) {
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
const fiatOfFiatAmount = sql`${sql.placeholder('amount')}::numeric`;
const fiatOfUsdAmount = sql`round(${sql.placeholder('amount')}::numeric * ${traderQuotes.price}, 2)`;

/** The override's row (`value`), if set. */
export const referenceRateOverride = reusableQuery((db) => overrideSettingQuery(db));
/** The active prices on the side `side`. */
export const activeQuotePrices = reusableQuery((db) => activePricesQuery(db, sql.placeholder('side')));
/** The best quote for a CNY `amount`. */
export const bestPayoutQuoteForFiat = reusableQuery((db) => bestPayoutQuoteQuery(db, fiatOfFiatAmount));
/** The best quote for a USDT `amount`. */
export const bestPayoutQuoteForUsd = reusableQuery((db) => bestPayoutQuoteQuery(db, fiatOfUsdAmount));

// The standalone builder builds the same queries without a session; only their SQL is used here.
const builder = new QueryBuilder() as unknown as Executor;

/**
 * What a payout create reads, in one statement: the best quote for `amount`, the override and the
 * active BUY prices, the same queries as above nested as subqueries (one round trip instead of three).
 */
function pricingFor(fiat: SQL) {
  return reusableSql(() => {
    const best = bestPayoutQuoteQuery(builder, fiat);
    return sql`select
      (select json_build_object('traderId', b.trader_id, 'price', b.price::text) from (${best}) as b) as best,
      (${overrideSettingQuery(builder)}) as override,
      array(select p.price::text from (${activePricesQuery(builder, 'BUY')}) as p) as prices`;
  });
}
/** The payout pricing row for a CNY `amount`. */
export const payoutPricingForFiat = pricingFor(fiatOfFiatAmount);
/** The payout pricing row for a USDT `amount`. */
export const payoutPricingForUsd = pricingFor(fiatOfUsdAmount);
