import { z } from 'zod';

export const resolveReorgCaseOutput = z.object({
  id: z.string(),
  resolvedAt: z.string(),
  resolution: z.string(),
});
