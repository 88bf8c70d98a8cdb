import { z } from 'zod';

export const regenerateRecoveryCodesOutput = z.object({
  codes: z.array(z.string()),
});
