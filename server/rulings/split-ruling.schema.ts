import { z } from 'zod';

export const splitLegs = z.object({
  traderAmount: z.string(),
  merchantAmount: z.string(),
  feeAmount: z.string(),
});
