import { z } from 'zod';
import { displayedName } from '../validation/displayed-name';
import { webhookUrl } from '../webhooks/webhook-url';

const feeBps = z.number().int().min(0).max(10_000);
const windowSeconds = z.number().int().min(60).max(30 * 86_400);

const merchantName = displayedName(z.string().trim().min(1).max(100));

/** What an operator may change on a merchant. */
export const merchantSettingsInput = z
  .object({
    name: merchantName,
    status: z.enum(['active', 'suspended']),
    payoutFeeBps: feeBps,
    payinFeeBps: feeBps,
    payinExpirySeconds: windowSeconds,
    payoutMatchSeconds: windowSeconds,
    payoutPaymentSeconds: windowSeconds,
    payoutMerchantActionSeconds: windowSeconds,
    rateLimitPerSecond: z.number().int().min(1).max(100_000),
    rateLimitBurst: z.number().int().min(1).max(200_000),
  })
  .partial()
  .strict();

export type MerchantSettingsInput = z.infer<typeof merchantSettingsInput>;

export const createMerchantInput = z
  .object({
    name: merchantName,
    payoutFeeBps: feeBps.default(0),
    payinFeeBps: feeBps.default(0),
    webhookUrl: webhookUrl.optional(),
  })
  .strict();

export type CreateMerchantInput = z.input<typeof createMerchantInput>;
