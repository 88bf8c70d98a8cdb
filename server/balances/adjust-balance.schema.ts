import { z } from 'zod';

export const adjustBalanceOutput = z.object({
  transferId: z.string(),
  applied: z.boolean(),
  balances: z.object({
    external: z.string().optional(),
    available: z.string().optional(),
    frozen: z.string().optional(),
    escrow: z.string().optional(),
    withdrawal_pending: z.string().optional(),
    bond: z.string().optional(),
    fees: z.string().optional(),
  }),
});
