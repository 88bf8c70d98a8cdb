import { and, eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders } from '../../db/schema';
import { DomainError } from '../errors';

/** A merchant's pay-in by orderNo or merchantOrderNo; another merchant's is ORDER_NOT_FOUND. */
export async function findMerchantPayin(db: Executor, merchantId: string, reference: string) {
  const rows = await db
    .select()
    .from(payinOrders)
    .where(and(eq(payinOrders.merchantId, merchantId), or(eq(payinOrders.orderNo, reference), eq(payinOrders.merchantOrderNo, reference))))
    .limit(2);
  const order = rows.find((row) => row.orderNo === reference) ?? rows[0];
  if (!order) throw new DomainError('ORDER_NOT_FOUND', 'No pay-in with this orderNo or merchantOrderNo.');
  return order;
}
