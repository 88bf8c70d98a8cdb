import { and, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { listTotal } from '../listing/list-total';
import { payoutOrders } from '../../db/schema';
import type { ListPayoutsInput } from './payout.schema';
import { payoutDetailView } from './payout-view';

/** A merchant's payouts, newest first, with the exact total for the filter (merchant-api.md 4.2). */
export async function listPayouts(db: Executor, merchantId: string, query: ListPayoutsInput) {
  const conditions: SQL[] = [eq(payoutOrders.merchantId, merchantId)];
  if (query.orderNo) conditions.push(eq(payoutOrders.orderNo, query.orderNo));
  if (query.merchantOrderNo) conditions.push(eq(payoutOrders.merchantOrderNo, query.merchantOrderNo));
  if (query.status) conditions.push(inArray(payoutOrders.status, query.status));
  if (query.from) conditions.push(gte(payoutOrders.createdAt, query.from));
  if (query.to) conditions.push(lte(payoutOrders.createdAt, query.to));
  const where = and(...conditions);

  const [rows, total] = await Promise.all([
    db
      .select()
      .from(payoutOrders)
      .where(where)
      .orderBy(desc(payoutOrders.createdAt), desc(payoutOrders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    listTotal(db, 'payout', merchantId, query, async () => (await db.select({ total: count() }).from(payoutOrders).where(where))[0]?.total ?? 0),
  ]);
  return {
    items: rows.map(payoutDetailView),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}
