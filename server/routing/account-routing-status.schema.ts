import { z } from 'zod';

export const accountRoutingStatusOutput = z.object({
  bankAccountId: z.string(),
  bankName: z.string(),
  accountLast4: z.string(),
  dailyOrderLimit: z.number().nullable(),
  dailyFiatLimit: z.string().nullable(),
  minOrderFiat: z.string().nullable(),
  maxOrderFiat: z.string().nullable(),
  cooldownSeconds: z.number(),
  ordersToday: z.number(),
  fiatToday: z.string(),
  failuresLastHour: z.number(),
  pause: z.object({
    reason: z.string(),
    until: z.string(),
  }).nullable(),
});
