import { z } from 'zod';

export const releaseAfterRevealCharge = z.object({
  count: z.number(),
  limit: z.number(),
  suspended: z.boolean(),
});
