import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { writeEvent } from '../orders/write-event';
import { TEST_EVENT_TYPE } from './event.schema';

export interface SendTestEventOptions {
  db: Db;
  merchantId: string;
  actor: AuditActorRef;
  now?: Date;
}

/**
 * A `webhook.test` event to check an endpoint and its signature verification. Without an enabled
 * endpoint the outbox makes no delivery: then nothing is written and the caller is told to set one.
 */
export async function sendTestEvent({ db, merchantId, actor, now = new Date() }: SendTestEventOptions) {
  return db.transaction(async (tx) => {
    const event = await writeEvent(tx, {
      merchantId,
      type: TEST_EVENT_TYPE,
      flow: 'test',
      data: { message: 'This is a test event from Corridor. Verify its signature and answer 2xx.' },
      now,
    });
    const [delivery] = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    if (!delivery) throw new DomainError('VALIDATION_FAILED', 'Set a webhook endpoint first.', { details: [{ path: 'webhookUrl', message: 'is not set or is disabled' }] });
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'merchant.webhook.test',
      targetType: 'merchant',
      targetId: merchantId,
      details: { eventId: event.id, deliveryId: delivery.id },
    });
    return { eventId: event.id, deliveryId: delivery.id };
  });
}
