import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reusableQuery } from '../../db/reusable-query';
import { payoutOrders } from '../../db/schema';
import { DomainError } from '../errors';

/**
 * A merchant's payout by platform orderNo or by merchantOrderNo (docs/api.md, "Query a payout"). Another
 * merchant's order is ORDER_NOT_FOUND, exactly like a missing one (tenant isolation).
 */
export async function findMerchantPayout(db: Executor, merchantId: string, reference: string) {
  const rows = await lookup(db, { merchantId, reference });
  // A merchantOrderNo equal to another order's orderNo is possible; the platform number wins.
  const order = rows.find((row) => row.orderNo === reference) ?? rows[0];
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'No payout with this orderNo or merchantOrderNo.');
  return order;
}

// The detail endpoint's one query: building a 33-column select was a fifth of the server's CPU
// on that endpoint (docs/performance.md).
const lookup = reusableQuery((db) => {
  const reference = sql.placeholder('reference');
  return db
    .select()
    .from(payoutOrders)
    .where(and(eq(payoutOrders.merchantId, sql.placeholder('merchantId')), or(eq(payoutOrders.orderNo, reference), eq(payoutOrders.merchantOrderNo, reference))))
    .limit(2);
});
