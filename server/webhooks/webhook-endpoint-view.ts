import type { z } from 'zod';
import type { merchants } from '../../db/schema';
import { isoMsOrNull } from '../money/format';
import type { webhookEndpointView } from './webhook-endpoint.schema';

type MerchantWebhookColumns = Pick<
  typeof merchants.$inferSelect,
  'webhookUrl' | 'webhookSecret' | 'webhookDisabledAt' | 'webhookFailingSince' | 'webhookPreviousSecret' | 'webhookPreviousSecretExpiresAt'
>;

/**
 * A merchant row's webhook endpoint as its owner may see it: the settings and the rotation's
 * state, never a secret. A previous secret whose overlap has ended is no longer signing
 * (webhook-secret.ts, signingSecrets), so it is not shown as valid either.
 */
export function webhookEndpointViewOf(row: MerchantWebhookColumns, now: Date): z.output<typeof webhookEndpointView> {
  const overlapping = row.webhookPreviousSecret !== null && row.webhookPreviousSecretExpiresAt !== null && row.webhookPreviousSecretExpiresAt > now;
  return {
    url: row.webhookUrl,
    enabled: row.webhookUrl !== null && row.webhookDisabledAt === null,
    disabledAt: isoMsOrNull(row.webhookDisabledAt),
    failingSince: isoMsOrNull(row.webhookFailingSince),
    secretSet: row.webhookSecret !== null,
    previousSecretExpiresAt: overlapping ? isoMsOrNull(row.webhookPreviousSecretExpiresAt) : null,
  };
}
