import { z } from 'zod';

export const fourEyesThresholdOutput = z.object({
  amount: z.string(),
  setAt: z.string().nullable(),
});
