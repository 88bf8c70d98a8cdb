import { z } from 'zod';

export const removeMerchantUserOutput = z.object({
  userId: z.string(),
  removed: z.boolean(),
});
