import { and, desc, eq, gte, lte, or, sql } from 'drizzle-orm';
import { reusableQuery } from '../reusable-query';
import { payoutOrders } from '../schema';

/**
 * The reads merchants poll most (a payout's detail, list page 1 in its common shapes), built once
 * (db/reusable-query.ts): building a 33-column select was a fifth of the server's CPU on the detail
 * endpoint (docs/performance.md). server/payouts/find-payout.ts and list-payouts.ts own their rules.
 */

/** A merchant's payouts whose orderNo or merchantOrderNo is `reference` (at most 2). */
export const payoutsByReference = reusableQuery((db) => {
  const reference = sql.placeholder('reference');
  return db
    .select()
    .from(payoutOrders)
    .where(and(eq(payoutOrders.merchantId, sql.placeholder('merchantId')), or(eq(payoutOrders.orderNo, reference), eq(payoutOrders.merchantOrderNo, reference))))
    .limit(2);
});

/** The order of every payout list: newest first, the id breaking ties. */
export const payoutsNewestFirst = [desc(payoutOrders.createdAt), desc(payoutOrders.id)];

/** A page of a merchant's payouts (`limit`, `offset`). */
export const payoutPage = reusableQuery((db) =>
  db
    .select()
    .from(payoutOrders)
    .where(eq(payoutOrders.merchantId, sql.placeholder('merchantId')))
    .orderBy(...payoutsNewestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

// One status is an equality, so the (merchant, status, created_at) index yields the page in order;
// `= any(array)` cannot (with one status it read 46,000 index entries of other statuses for 20 rows).
/** A page of a merchant's payouts in one `status`. */
export const payoutPageByOneStatus = reusableQuery((db) =>
  db
    .select()
    .from(payoutOrders)
    .where(and(eq(payoutOrders.merchantId, sql.placeholder('merchantId')), eq(payoutOrders.status, sql.placeholder('status'))))
    .orderBy(...payoutsNewestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);

// An absent end is an infinite one ('-infinity', 'infinity'), so one statement serves all three
// forms of a range and walks the same index.
/** A page of a merchant's payouts created in [`from`, `to`]. */
export const payoutPageInRange = reusableQuery((db) =>
  db
    .select()
    .from(payoutOrders)
    .where(
      and(
        eq(payoutOrders.merchantId, sql.placeholder('merchantId')),
        gte(payoutOrders.createdAt, sql`${sql.placeholder('from')}::timestamptz`),
        lte(payoutOrders.createdAt, sql`${sql.placeholder('to')}::timestamptz`),
      ),
    )
    .orderBy(...payoutsNewestFirst)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset')),
);
