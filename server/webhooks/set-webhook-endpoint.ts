import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, webhookDeliveries } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { env } from '../../config/env';
import { DomainError } from '../errors';
import { webhookUrl } from './webhook-url';
import { parseInput } from '../validation/parse-input';
import { clearWebhookEndpoint } from './clear-webhook-endpoint';
import { refusePrivateEndpoint } from '../http/refuse-private-endpoint';
import { webhookEndpointViewOf } from './webhook-endpoint-view';
import { encryptWebhookSecret, newWebhookSecret } from './webhook-secret';

interface SetWebhookEndpointOptions {
  merchantId: string;
  url: string | null;
  actor: AuditActorRef;
  now?: Date;
  allowPrivate?: boolean;
}

/**
 * Sets (or clears, with null: clear-webhook-endpoint.ts) a merchant's webhook endpoint and
 * re-enables it. The first endpoint gets a signing secret, returned once; later changes keep the
 * secret (rotate it separately). Deliveries still waiting for a retry follow the endpoint to its
 * new address. Where webhooks may not reach private addresses (CORRIDOR_WEBHOOK_ALLOW_PRIVATE, off
 * in production), an IP-literal host in a forbidden range is refused here already; a name is
 * judged when the worker connects, since what it resolves to can change (docs/security.md).
 * Operators, the CLI and the merchant API all set endpoints through here, under one rule.
 */
export async function setWebhookEndpoint(
  db: Db,
  { merchantId, url, actor, now = new Date(), allowPrivate = env().webhookAllowPrivate }: SetWebhookEndpointOptions,
) {
  if (url === null) {
    const endpoint = await clearWebhookEndpoint({ db, merchantId, actor, now });
    return { url: null, secret: null, endpoint };
  }
  const endpoint = parseInput(webhookUrl, url);
  if (!allowPrivate) refusePrivateEndpoint(endpoint);
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
    if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
    const secret = merchant.webhookSecret ? null : newWebhookSecret();
    const [updated] = await tx
      .update(merchants)
      .set({
        webhookUrl: endpoint,
        webhookDisabledAt: null,
        webhookFailingSince: null,
        ...(secret ? { webhookSecret: encryptWebhookSecret(merchantId, secret) } : {}),
        updatedAt: now,
      })
      .where(eq(merchants.id, merchantId))
      .returning();
    // A delivery in flight keeps its address; one waiting for its next try goes to the new one.
    await tx
      .update(webhookDeliveries)
      .set({ url: endpoint, updatedAt: now })
      .where(and(eq(webhookDeliveries.merchantId, merchantId), eq(webhookDeliveries.status, 'pending')));
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'merchant.webhook.set',
      targetType: 'merchant',
      targetId: merchantId,
      details: { url: endpoint, previousUrl: merchant.webhookUrl, secretIssued: secret !== null },
    });
    return { url: endpoint, secret, endpoint: webhookEndpointViewOf(updated!, now) };
  });
}
