import { z } from 'zod';

export const claimDisputeOutput = z.object({
  claimedBy: z.string(),
});
