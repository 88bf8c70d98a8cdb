import { z } from 'zod';

export const timelineEntry = z.object({
  at: z.string(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  note: z.string().nullable(),
});
