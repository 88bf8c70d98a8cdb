import { z } from 'zod';

export const traderOverviewOutput = z.object({
  name: z.string(),
  status: z.enum(['active', 'suspended']),
  online: z.boolean(),
  balances: z.object({
    available: z.string(),
    frozen: z.string(),
    escrow: z.string(),
  }),
  counts: z.object({
    payoutsAwaitingTransfer: z.number(),
    payinsAwaitingRelease: z.number(),
  }),
});
