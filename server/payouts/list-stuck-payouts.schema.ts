import { z } from 'zod';
import { payoutStatuses } from '../../db/schema/order-statuses';

export const listStuckPayoutsOutput = z.object({
  items: z.array(z.object({
    orderId: z.string(),
    orderNo: z.string(),
    status: z.enum(payoutStatuses),
    merchantName: z.string(),
    traderName: z.string().nullable(),
    fiatAmount: z.string(),
    usdAmount: z.string(),
    createdAt: z.string(),
    matchDueAt: z.string(),
    paymentDueAt: z.string().nullable(),
    ageSeconds: z.number(),
    dispatch: z.object({
      rank: z.number(),
      eligible: z.number(),
      ring: z.number().nullable(),
      score: z.number().nullable(),
    }).nullable(),
  })),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
