import { z } from 'zod';

export const listMerchantsItem = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'suspended']),
  payoutFeeBps: z.number(),
  payinFeeBps: z.number(),
  payinExpirySeconds: z.number(),
  payoutMatchSeconds: z.number(),
  payoutPaymentSeconds: z.number(),
  payoutMerchantActionSeconds: z.number(),
  webhookUrl: z.string().nullable(),
  webhookDisabledAt: z.string().nullable(),
  balances: z.object({
    available: z.string(),
    frozen: z.string(),
  }),
  apiKeys: z.array(z.object({
    keyId: z.string(),
    label: z.string(),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
  })),
  createdAt: z.string(),
});
