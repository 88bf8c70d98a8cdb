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

/**
 * The columns a merchant's view of a payout shows (payoutDetailView, server/payouts/payout-view.ts):
 * 17 of the table's 40. A list page reads these alone, because mapping a row costs the server per
 * column, and every column of 20 rows mapped was a third of what the page allocated
 * (docs/performance.md, "A list page mapped every column").
 */
export const payoutViewColumns = {
  id: payoutOrders.id,
  orderNo: payoutOrders.orderNo,
  merchantOrderNo: payoutOrders.merchantOrderNo,
  status: payoutOrders.status,
  usdAmount: payoutOrders.usdAmount,
  usdFeeAmount: payoutOrders.usdFeeAmount,
  feeBps: payoutOrders.feeBps,
  referenceFiatAmount: payoutOrders.referenceFiatAmount,
  slippage: payoutOrders.slippage,
  lockedFiatAmount: payoutOrders.lockedFiatAmount,
  traderId: payoutOrders.traderId,
  paymentDueAt: payoutOrders.paymentDueAt,
  merchantActionDueAt: payoutOrders.merchantActionDueAt,
  firstProofSubmittedAt: payoutOrders.firstProofSubmittedAt,
  recipientAccountLast4: payoutOrders.recipientAccountLast4,
  createdAt: payoutOrders.createdAt,
  updatedAt: payoutOrders.updatedAt,
};

/** The order of every payout list: newest first, the id breaking ties. */
export const payoutsNewestFirst = [desc(payoutOrders.createdAt), desc(payoutOrders.id)];

/** A page of a merchant's payouts (`limit`, `offset`), as the view's columns. */
export const payoutPage = reusableQuery((db) =>
  db
    .select(payoutViewColumns)
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
    .select(payoutViewColumns)
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
    .select(payoutViewColumns)
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
