import { z } from 'zod';

export const updateAutoConfirmOutput = z.object({
  id: z.string(),
  autoConfirm: z.boolean(),
  threshold: z.number(),
  silenceSeconds: z.number(),
});
