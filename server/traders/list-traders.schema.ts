import { z } from 'zod';

export const listTradersItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: z.enum(['active', 'suspended']),
  online: z.boolean(),
  balances: z.object({
    available: z.string(),
    frozen: z.string(),
    escrow: z.string(),
  }),
  createdAt: z.string(),
});
