import { z } from 'zod';

export const watcherLagItem = z.object({
  chain: z.string(),
  name: z.string(),
  lagBlocks: z.number().nullable(),
});
