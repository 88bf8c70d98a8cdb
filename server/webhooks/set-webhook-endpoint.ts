import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { env } from '../../config/env';
import { DomainError } from '../errors';
import { webhookUrl } from '../merchants/merchant-settings.schema';
import { parseInput } from '../validation/parse-input';
import { refusePrivateEndpoint } from './refuse-private-endpoint';
import { encryptWebhookSecret, newWebhookSecret } from './webhook-secret';

/**
 * Sets (or clears, with null) a merchant's webhook endpoint and re-enables it. The first endpoint
 * gets a signing secret, returned once; later changes keep the secret (rotate it separately).
 * Where webhooks may not reach private addresses (CORRIDOR_WEBHOOK_ALLOW_PRIVATE, off in
 * production), an IP-literal host in a forbidden range is refused here already; a name is judged
 * when the worker connects, since what it resolves to can change (docs/security.md).
 */
export async function setWebhookEndpoint(
  db: Db,
  merchantId: string,
  url: string | null,
  actor: AuditActorRef,
  now = new Date(),
  allowPrivate = env().webhookAllowPrivate,
) {
  const endpoint = url === null ? null : parseInput(webhookUrl, url);
  if (endpoint !== null && !allowPrivate) refusePrivateEndpoint(endpoint);
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
    if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
    const secret = endpoint && !merchant.webhookSecret ? newWebhookSecret() : null;
    await tx
      .update(merchants)
      .set({
        webhookUrl: endpoint,
        webhookDisabledAt: null,
        webhookFailingSince: null,
        ...(secret ? { webhookSecret: encryptWebhookSecret(merchantId, secret) } : {}),
        updatedAt: now,
      })
      .where(eq(merchants.id, merchantId));
    await recordAudit(tx, { actorType: actor.type, actorId: actor.id, ip: actor.ip, action: 'merchant.webhook.set', targetType: 'merchant', targetId: merchantId, details: { url: endpoint } });
    return { url: endpoint, secret };
  });
}
