import { z } from 'zod';

export const listBankAccountsItem = z.object({
  id: z.string(),
  holderName: z.string(),
  bankName: z.string(),
  accountLast4: z.string(),
  active: z.boolean(),
  autoConfirm: z.boolean(),
  autoConfirmThreshold: z.number(),
  listenerSilenceSeconds: z.number(),
  listenerLastSeenAt: z.string().nullable(),
  listenerSilent: z.boolean(),
  createdAt: z.string(),
});
