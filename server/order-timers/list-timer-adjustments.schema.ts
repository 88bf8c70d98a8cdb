import { z } from 'zod';

export const timerAdjustmentView = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(['pause', 'resume', 'extend', 'outage_catch_up']),
  timer: z.string().nullable(),
  seconds: z.number(),
  reason: z.string().nullable(),
  actorType: z.string(),
  actorName: z.string().nullable(),
});
