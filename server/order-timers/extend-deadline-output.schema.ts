import { z } from 'zod';

export const extendDeadlineOutput = z.object({
  timer: z.string(),
  previousDueAt: z.string(),
  dueAt: z.string(),
});
