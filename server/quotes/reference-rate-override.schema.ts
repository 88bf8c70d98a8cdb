import { z } from 'zod';

export const referenceRateStatusOutput = z.object({
  override: z.object({
    rate: z.string(),
    setAt: z.string().nullable(),
  }).nullable(),
  quotesMedian: z.object({
    BUY: z.string().nullable(),
    SELL: z.string().nullable(),
  }),
});
