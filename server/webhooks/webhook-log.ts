import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { outboxEvents, payinOrders, payoutOrders, webhookAttempts, webhookDeliveries } from '../../db/schema';
import { DomainError } from '../errors';
import { isoMs, isoMsOrNull } from '../money/format';
import { writeEvent } from '../outbox/write-event';
import { clampExcerpt } from './reply-excerpt';

/**
 * A merchant's deliveries, newest first, with each attempt: by event id, or by order (platform
 * orderNo or merchantOrderNo, either flow). Of a reply the merchant sees its status and a short
 * clean excerpt, never more (reply-excerpt.ts); a refused destination has none.
 */
export async function listDeliveries(db: Executor, merchantId: string, filter: { eventId?: string; orderNo?: string; page: number; pageSize: number }) {
  const conditions: SQL[] = [eq(webhookDeliveries.merchantId, merchantId)];
  if (filter.eventId) conditions.push(eq(webhookDeliveries.eventId, filter.eventId));
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
  const attempts = rows.length
    ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, rows.map((row) => row.delivery.id))).orderBy(webhookAttempts.id)
    : [];
  return {
    items: rows.map(({ delivery, type, orderId }) => ({
      id: delivery.id,
      eventId: delivery.eventId,
      eventType: type,
      orderId,
      url: delivery.url,
      status: delivery.status,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.status === 'pending' ? isoMs(delivery.nextAttemptAt) : null,
      deliveredAt: isoMsOrNull(delivery.deliveredAt),
      lastStatusCode: delivery.lastStatusCode,
      lastError: delivery.lastError,
      createdAt: isoMs(delivery.createdAt),
      attemptLog: attempts
        .filter((attempt) => attempt.deliveryId === delivery.id)
        .map((attempt) => ({
          attempt: attempt.attemptNo,
          at: isoMs(attempt.createdAt),
          statusCode: attempt.statusCode,
          latencyMs: attempt.latencyMs,
          // Clamped again on the way out: attempts logged before the limit kept up to 1 KiB raw.
          response: clampExcerpt(attempt.responseExcerpt),
          error: attempt.error,
        })),
    })),
    page: filter.page,
    pageSize: filter.pageSize,
  };
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

/** Sends an event again: a new delivery of the same event (same webhook-id) to the current endpoint. */
export async function resendDelivery(db: Db, merchantId: string, deliveryId: string, now = new Date()) {
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.merchantId, merchantId)));
  if (!delivery) throw new DomainError('NOT_FOUND', 'No such delivery.');
  const [created] = await db
    .insert(webhookDeliveries)
    .values({ eventId: delivery.eventId, merchantId, url: delivery.url, nextAttemptAt: now, createdAt: now, updatedAt: now })
    .returning({ id: webhookDeliveries.id });
  return { deliveryId: created!.id, eventId: delivery.eventId };
}

/** A `webhook.test` event to check an endpoint and its signature verification. */
export async function sendTestEvent(db: Db, merchantId: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const event = await writeEvent(tx, {
      merchantId,
      type: 'webhook.test',
      flow: 'test',
      data: { message: 'This is a test event from Corridor. Verify its signature and answer 2xx.' },
      now,
    });
    const [delivery] = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    if (!delivery) throw new DomainError('VALIDATION_FAILED', 'Set a webhook endpoint first.', { details: [{ path: 'webhookUrl', message: 'is not set or is disabled' }] });
    return { eventId: event.id, deliveryId: delivery.id };
  });
}
