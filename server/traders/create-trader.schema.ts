import { z } from 'zod';

export const createTraderOutput = z.object({
  traderId: z.string(),
  userId: z.string(),
  email: z.string(),
});
