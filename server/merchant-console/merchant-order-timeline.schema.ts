import { z } from 'zod';

export const merchantTimelineEntry = z.object({
  at: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  actorType: z.string(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
});
