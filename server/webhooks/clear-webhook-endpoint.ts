import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, webhookDeliveries } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { webhookEndpointViewOf } from './webhook-endpoint-view';

export interface ClearWebhookEndpointOptions {
  db: Db;
  merchantId: string;
  actor: AuditActorRef;
  now?: Date;
}

/** Why a delivery that had not gone out stopped: its endpoint was removed (the log shows it). */
const ENDPOINT_CLEARED_ERROR = 'the webhook endpoint was cleared before this delivery was sent';

/**
 * Removes a merchant's webhook endpoint. New events then make no delivery (the outbox only
 * creates one for a set, enabled endpoint: server/orders/write-event.ts), and deliveries still
 * waiting to go out are marked failed rather than sent to an address the merchant gave up; they
 * stay in the log and can be re-sent once an endpoint is set again. An attempt already on the
 * wire cannot be called back: its worker's lease is taken away, so its outcome is not recorded
 * and it is not retried (deliver-webhook.ts). The signing secret is kept, so setting an endpoint
 * again signs with the secret the merchant already holds.
 */
export async function clearWebhookEndpoint({ db, merchantId, actor, now = new Date() }: ClearWebhookEndpointOptions) {
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
    if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
    const [updated] = await tx
      .update(merchants)
      .set({ webhookUrl: null, webhookDisabledAt: null, webhookFailingSince: null, updatedAt: now })
      .where(eq(merchants.id, merchantId))
      .returning();
    const stopped = await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', leaseOwner: null, leaseExpiresAt: null, lastError: ENDPOINT_CLEARED_ERROR, updatedAt: now })
      .where(and(eq(webhookDeliveries.merchantId, merchantId), inArray(webhookDeliveries.status, ['pending', 'delivering'])))
      .returning({ id: webhookDeliveries.id });
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'merchant.webhook.clear',
      targetType: 'merchant',
      targetId: merchantId,
      details: { previousUrl: merchant.webhookUrl, stoppedDeliveries: stopped.length },
    });
    return webhookEndpointViewOf(updated!, now);
  });
}
