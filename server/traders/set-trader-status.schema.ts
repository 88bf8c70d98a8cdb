import { z } from 'zod';

export const applyTraderStatusOutput = z.object({
  traderId: z.string(),
  status: z.enum(['active', 'suspended']),
});
