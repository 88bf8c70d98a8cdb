import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxEvents, webhookDeliveries } from '../../db/schema';
import { DomainError } from '../errors';
import { deliveryViewsOf } from './delivery-views';

export interface GetWebhookDeliveryOptions {
  db: Executor;
  merchantId: string;
  deliveryId: string;
}

/** One of a merchant's deliveries with every attempt; another merchant's is NOT_FOUND, like a missing one. */
export async function getWebhookDelivery({ db, merchantId, deliveryId }: GetWebhookDeliveryOptions) {
  const rows = await db
    .select({ delivery: webhookDeliveries, type: outboxEvents.type, orderId: outboxEvents.orderId })
    .from(webhookDeliveries)
    .innerJoin(outboxEvents, eq(outboxEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.merchantId, merchantId)));
  const [view] = await deliveryViewsOf(db, rows);
  if (!view) throw new DomainError('NOT_FOUND', 'No such delivery.');
  return view;
}
