import { z } from 'zod';

export const hotWalletSummaryItem = z.object({
  chain: z.string(),
  name: z.string(),
  balance: z.string().nullable(),
  balanceReadAt: z.string().nullable(),
  nativeBalance: z.string().nullable(),
  outflow24h: z.string(),
  target: z.string().nullable(),
  excess: z.string().nullable(),
  coldAddress: z.string().nullable(),
  belowTarget: z.boolean(),
  waiting: z.object({
    gas: z.number(),
    belowTarget: z.number(),
    token: z.number(),
  }),
});
