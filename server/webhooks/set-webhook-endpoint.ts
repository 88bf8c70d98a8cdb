import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { webhookUrl } from '../merchants/merchant-settings.schema';
import { parseInput } from '../validation/parse-input';
import { encryptWebhookSecret, newWebhookSecret } from './webhook-secret';

/**
 * Sets (or clears, with null) a merchant's webhook endpoint and re-enables it. The first endpoint
 * gets a signing secret, returned once; later changes keep the secret (rotate it separately).
 */
export async function setWebhookEndpoint(db: Db, merchantId: string, url: string | null, actor: AuditActorRef, now = new Date()) {
  const endpoint = url === null ? null : parseInput(webhookUrl, url);
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
