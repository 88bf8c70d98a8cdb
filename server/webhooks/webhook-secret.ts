import { randomBytes } from 'node:crypto';
import type { merchants } from '../../db/schema';
import { keyring } from '../config/keyring';
import { decryptField, encryptField } from '../crypto/encryption';

/** Standard Webhooks secrets: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const address = (merchantId: string, field: 'webhook_secret' | 'webhook_previous_secret') => ({ table: 'merchants', id: merchantId, field });

export const encryptWebhookSecret = (merchantId: string, secret: string, field: 'webhook_secret' | 'webhook_previous_secret' = 'webhook_secret') =>
  encryptField(keyring(), 'webhook-secret', secret, address(merchantId, field));

/** The secrets that sign now: the current one and, during a rotation's overlap, the previous one. */
export function signingSecrets(
  merchant: Pick<typeof merchants.$inferSelect, 'id' | 'webhookSecret' | 'webhookPreviousSecret' | 'webhookPreviousSecretExpiresAt'>,
  now: Date,
): string[] {
  const secrets: string[] = [];
  const current = currentWebhookSecret(merchant);
  if (current) secrets.push(current);
  if (merchant.webhookPreviousSecret && merchant.webhookPreviousSecretExpiresAt && merchant.webhookPreviousSecretExpiresAt > now) {
    secrets.push(decryptField(keyring(), 'webhook-secret', merchant.webhookPreviousSecret, address(merchant.id, 'webhook_previous_secret')));
  }
  return secrets;
}

/** The secret that signs now, decrypted; null before the merchant's first endpoint. */
export function currentWebhookSecret(merchant: Pick<typeof merchants.$inferSelect, 'id' | 'webhookSecret'>): string | null {
  return merchant.webhookSecret ? decryptField(keyring(), 'webhook-secret', merchant.webhookSecret, address(merchant.id, 'webhook_secret')) : null;
}
