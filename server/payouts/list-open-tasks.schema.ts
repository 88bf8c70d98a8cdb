import { z } from 'zod';

export const listOpenTasksOutput = z.object({
  items: z.array(z.object({
    orderId: z.string(),
    orderNo: z.string(),
    fiatAmount: z.string(),
    fiatCurrency: z.literal('CNY'),
    usdAmount: z.string(),
    fxRate: z.string(),
    bankName: z.string(),
    createdAt: z.string(),
    matchDueAt: z.string(),
  })),
  page: z.number(),
  pageSize: z.number(),
  nextOfferAt: z.string().nullable(),
});
