import { z } from 'zod';

export const countRecoveryCodesOutput = z.object({
  remaining: z.number(),
});
