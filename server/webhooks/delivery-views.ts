import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { webhookAttempts, type webhookDeliveries } from '../../db/schema';
import { isoMs, isoMsOrNull } from '../money/format';
import type { deliveryView } from './delivery-view.schema';
import { clampExcerpt } from './reply-excerpt';

export interface DeliveryWithEvent {
  delivery: typeof webhookDeliveries.$inferSelect;
  type: string;
  orderId: string | null;
}

/**
 * Deliveries as the merchant sees them, each with every attempt (one query for all attempts). Of a
 * reply the merchant sees its status and a short clean excerpt, never more (reply-excerpt.ts); a
 * refused destination has none.
 */
export async function deliveryViewsOf(db: Executor, rows: readonly DeliveryWithEvent[]): Promise<z.output<typeof deliveryView>[]> {
  const attempts = rows.length
    ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, rows.map((row) => row.delivery.id))).orderBy(webhookAttempts.id)
    : [];
  return rows.map(({ delivery, type, orderId }) => ({
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
  }));
}
