import { z } from 'zod';

export const decidePayoutOutput = z.object({
  status: z.enum(['COMPLETED', 'DISPUTED']),
});
