import { z } from 'zod';

export const bondPenaltyRow = z.object({
  at: z.string(),
  orderId: z.string(),
  flow: z.string(),
  reasonCode: z.string(),
  amount: z.string(),
  to: z.string(),
});
