import { z } from 'zod';

export const withdrawalChainsOutput = z.object({
  items: z.array(z.object({
    chain: z.string(),
    name: z.string(),
    family: z.enum(['evm', 'tron']),
    fee: z.string(),
    minimumAmount: z.string(),
    ownerDailyLimit: z.string(),
  })),
});
