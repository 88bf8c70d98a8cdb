import { z } from 'zod';

export const saveQueueViewOutput = z.object({
  viewId: z.string(),
  name: z.string(),
});
