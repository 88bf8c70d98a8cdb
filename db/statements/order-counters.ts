import { and, eq, sql, sum } from 'drizzle-orm';
import { reusableQuery } from '../reusable-query';
import { merchantOrderCounts } from '../schema';

/**
 * A merchant's order counts from merchant_order_counts, which triggers keep exact in every writing
 * transaction (server/listing/list-total.ts says when they answer a list's total). Built once: every
 * list page runs one.
 */
const ofMerchant = () => and(eq(merchantOrderCounts.flow, sql.placeholder('flow')), eq(merchantOrderCounts.merchantId, sql.placeholder('merchantId')));

/** A merchant's orders of one `flow`. */
export const orderCount = reusableQuery((db) => db.select({ total: sum(merchantOrderCounts.orders) }).from(merchantOrderCounts).where(ofMerchant()));
// One status is an equality: the counters' primary key (flow, merchant, status, shard) finds its rows.
/** A merchant's orders of one `flow` in one `status`. */
export const orderCountByOneStatus = reusableQuery((db) =>
  db
    .select({ total: sum(merchantOrderCounts.orders) })
    .from(merchantOrderCounts)
    .where(and(ofMerchant(), eq(merchantOrderCounts.status, sql.placeholder('status')))),
);
/** A merchant's orders of one `flow` in any of `statuses`. */
export const orderCountByStatuses = reusableQuery((db) =>
  db
    .select({ total: sum(merchantOrderCounts.orders) })
    .from(merchantOrderCounts)
    .where(and(ofMerchant(), sql`${merchantOrderCounts.status} = any(${sql.placeholder('statuses')}::text[])`)),
);
