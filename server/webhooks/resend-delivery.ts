import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, webhookDeliveries } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';

export interface ResendDeliveryOptions {
  db: Db;
  merchantId: string;
  deliveryId: string;
  actor: AuditActorRef;
  now?: Date;
}

/**
 * Sends an event again: a new delivery of the same event (same webhook-id) to the endpoint as it
 * is now, which may not be where the first delivery went. Without an enabled endpoint there is
 * nowhere to send it: VALIDATION_FAILED, as for a test event. The merchant row is locked so a
 * concurrent clear either sees this delivery (and stops it) or makes this call refuse.
 */
export async function resendDelivery({ db, merchantId, deliveryId, actor, now = new Date() }: ResendDeliveryOptions) {
  return db.transaction(async (tx) => {
    const [delivery] = await tx
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.merchantId, merchantId)));
    if (!delivery) throw new DomainError('NOT_FOUND', 'No such delivery.');
    const [merchant] = await tx
      .select({ url: merchants.webhookUrl, disabledAt: merchants.webhookDisabledAt })
      .from(merchants)
      .where(eq(merchants.id, merchantId))
      .for('update');
    if (!merchant?.url || merchant.disabledAt) {
      throw new DomainError('VALIDATION_FAILED', 'Set a webhook endpoint first.', { details: [{ path: 'webhookUrl', message: 'is not set or is disabled' }] });
    }
    const [created] = await tx
      .insert(webhookDeliveries)
      .values({ eventId: delivery.eventId, merchantId, url: merchant.url, nextAttemptAt: now, createdAt: now, updatedAt: now })
      .returning({ id: webhookDeliveries.id });
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'merchant.webhook.resend',
      targetType: 'merchant',
      targetId: merchantId,
      details: { eventId: delivery.eventId, deliveryId: created!.id, resentFrom: deliveryId },
    });
    return { deliveryId: created!.id, eventId: delivery.eventId };
  });
}
