import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxEvents, payinOrders, payoutOrders, webhookDeliveries, type DeliveryStatus } from '../../db/schema';
import { deliveryViewsOf } from './delivery-views';

/**
 * A merchant's deliveries, newest first, with each attempt: by event id, by order (platform
 * orderNo or merchantOrderNo, either flow) and by status.
 */
export async function listDeliveries(
  db: Executor,
  merchantId: string,
  filter: { eventId?: string; orderNo?: string; status?: DeliveryStatus; page: number; pageSize: number },
) {
  const conditions: SQL[] = [eq(webhookDeliveries.merchantId, merchantId)];
  if (filter.eventId) conditions.push(eq(webhookDeliveries.eventId, filter.eventId));
  if (filter.status) conditions.push(eq(webhookDeliveries.status, filter.status));
  if (filter.orderNo) {
    const orderIds = await ordersNamed(db, merchantId, filter.orderNo);
    if (orderIds.length === 0) return { items: [], page: filter.page, pageSize: filter.pageSize };
    const events = await db.select({ id: outboxEvents.id }).from(outboxEvents).where(inArray(outboxEvents.orderId, orderIds));
    if (events.length === 0) return { items: [], page: filter.page, pageSize: filter.pageSize };
    conditions.push(inArray(webhookDeliveries.eventId, events.map((event) => event.id)));
  }
  const rows = await db
    .select({ delivery: webhookDeliveries, type: outboxEvents.type, orderId: outboxEvents.orderId })
    .from(webhookDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return { items: await deliveryViewsOf(db, rows), page: filter.page, pageSize: filter.pageSize };
}

async function ordersNamed(db: Executor, merchantId: string, reference: string): Promise<string[]> {
  const payouts = await db
    .select({ id: payoutOrders.id })
    .from(payoutOrders)
    .where(and(eq(payoutOrders.merchantId, merchantId), or(eq(payoutOrders.orderNo, reference), eq(payoutOrders.merchantOrderNo, reference))));
  const payins = await db
    .select({ id: payinOrders.id })
    .from(payinOrders)
    .where(and(eq(payinOrders.merchantId, merchantId), or(eq(payinOrders.orderNo, reference), eq(payinOrders.merchantOrderNo, reference))));
  return [...payouts, ...payins].map((row) => row.id);
}
