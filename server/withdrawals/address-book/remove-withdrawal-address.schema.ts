import { z } from 'zod';

export const removeWithdrawalAddressOutput = z.object({
  id: z.string(),
  removedAt: z.string(),
});
