import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { isoMsOrNull } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { rotateWebhookSecretInput, type RotateWebhookSecretInput } from './webhook-endpoint.schema';
import { currentWebhookSecret, encryptWebhookSecret, newWebhookSecret } from './webhook-secret';

export interface RotateWebhookSecretOptions {
  db: Db;
  merchantId: string;
  actor: AuditActorRef;
  input?: RotateWebhookSecretInput;
  now?: Date;
}

/**
 * Issues a new signing secret. The one it replaces keeps signing beside it (two signatures per
 * delivery, docs/webhooks.md) for `overlapSeconds`, so the merchant can switch their verifier
 * without losing an event. Rotating again during an overlap makes the then-current secret the
 * previous one: the older one stops signing at once. The merchant row is locked for the whole
 * rotation, so two rotations at once run one after the other: the second moves the first's new
 * secret to "previous", and each caller is answered with a secret that really was current.
 */
export async function rotateWebhookSecret({ db, merchantId, actor, input = {}, now = new Date() }: RotateWebhookSecretOptions) {
  const { overlapSeconds } = parseInput(rotateWebhookSecretInput, input);
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
    if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
    const secret = newWebhookSecret();
    const current = currentWebhookSecret(merchant);
    // With no overlap (or nothing to overlap) the replaced secret stops signing at once.
    const previous = overlapSeconds > 0 ? current : null;
    const previousSecretExpiresAt = previous === null ? null : new Date(now.getTime() + overlapSeconds * 1000);
    await tx
      .update(merchants)
      .set({
        webhookSecret: encryptWebhookSecret(merchantId, secret),
        webhookPreviousSecret: previous === null ? null : encryptWebhookSecret(merchantId, previous, 'webhook_previous_secret'),
        webhookPreviousSecretExpiresAt: previousSecretExpiresAt,
        updatedAt: now,
      })
      .where(eq(merchants.id, merchantId));
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'merchant.webhook.rotate_secret',
      targetType: 'merchant',
      targetId: merchantId,
      details: { overlapSeconds, previousSecretExpiresAt: isoMsOrNull(previousSecretExpiresAt) },
    });
    return { secret, previousSecretExpiresAt: isoMsOrNull(previousSecretExpiresAt) };
  });
}
