import { z } from 'zod';

export const listQuotesOutput = z.object({
  BUY: z.object({
    side: z.enum(['BUY', 'SELL']),
    price: z.string(),
    minFiat: z.string(),
    maxFiat: z.string(),
    updatedAt: z.string(),
  }).nullable(),
  SELL: z.object({
    side: z.enum(['BUY', 'SELL']),
    price: z.string(),
    minFiat: z.string(),
    maxFiat: z.string(),
    updatedAt: z.string(),
  }).nullable(),
});
