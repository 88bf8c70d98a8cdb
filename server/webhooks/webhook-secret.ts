import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants } from '../../db/schema';
import { keyring } from '../config/keyring';
import { decryptField, encryptField } from '../crypto/encryption';
import { DomainError } from '../errors';

/** Standard Webhooks secrets: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const address = (merchantId: string, field: 'webhook_secret' | 'webhook_previous_secret') => ({ table: 'merchants', id: merchantId, field });

export const encryptWebhookSecret = (merchantId: string, secret: string, field: 'webhook_secret' | 'webhook_previous_secret' = 'webhook_secret') =>
  encryptField(keyring(), 'webhook-secret', secret, address(merchantId, field));

/** The secrets that sign now: the current one and, during a rotation's overlap, the previous one. */
export function signingSecrets(merchant: typeof merchants.$inferSelect, now: Date): string[] {
  const secrets: string[] = [];
  if (merchant.webhookSecret) secrets.push(decryptField(keyring(), 'webhook-secret', merchant.webhookSecret, address(merchant.id, 'webhook_secret')));
  if (merchant.webhookPreviousSecret && merchant.webhookPreviousSecretExpiresAt && merchant.webhookPreviousSecretExpiresAt > now) {
    secrets.push(decryptField(keyring(), 'webhook-secret', merchant.webhookPreviousSecret, address(merchant.id, 'webhook_previous_secret')));
  }
  return secrets;
}

/**
 * Issues a new signing secret. The old one keeps signing beside it (two signatures per delivery)
 * for `overlapHours`, so a merchant can switch their verifier without losing events.
 */
export async function rotateWebhookSecret(db: Executor, merchantId: string, now = new Date(), overlapHours = 24): Promise<string> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
  const secret = newWebhookSecret();
  const previous = merchant.webhookSecret
    ? encryptWebhookSecret(merchantId, decryptField(keyring(), 'webhook-secret', merchant.webhookSecret, address(merchantId, 'webhook_secret')), 'webhook_previous_secret')
    : null;
  await db
    .update(merchants)
    .set({
      webhookSecret: encryptWebhookSecret(merchantId, secret),
      webhookPreviousSecret: previous,
      webhookPreviousSecretExpiresAt: previous ? new Date(now.getTime() + overlapHours * 3_600_000) : null,
      updatedAt: now,
    })
    .where(eq(merchants.id, merchantId));
  return secret;
}
