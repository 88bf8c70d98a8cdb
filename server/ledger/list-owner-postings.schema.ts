import { z } from 'zod';

export const listOwnerPostingsOutput = z.object({
  items: z.array(z.object({
    id: z.string(),
    account: z.enum(['external', 'available', 'frozen', 'escrow', 'withdrawal_pending', 'bond', 'fees']),
    amount: z.string(),
    kind: z.string(),
    memo: z.string().nullable(),
    orderNo: z.string().nullable(),
    createdAt: z.string(),
  })),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
