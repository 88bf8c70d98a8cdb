import { z } from 'zod';

export const withdrawEvidenceRequestOutput = z.object({
  id: z.string(),
  withdrawn: z.literal(true),
});
