import { z } from 'zod';

export const setAccountLimitsOutput = z.object({
  dailyOrderLimit: z.number().nullable(),
  dailyFiatLimit: z.string().nullable(),
  minOrderFiat: z.string().nullable(),
  maxOrderFiat: z.string().nullable(),
  cooldownSeconds: z.number().nullable(),
  id: z.string(),
});
