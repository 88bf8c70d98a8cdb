import { z } from 'zod';

export const payoutTaskLoadOutput = z.object({
  openTasks: z.number(),
  cap: z.number().nullable(),
  ownCap: z.number().nullable(),
  platformCap: z.number().nullable(),
  mode: z.enum(['scored', 'first_accept']),
});
