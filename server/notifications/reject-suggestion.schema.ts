import { z } from 'zod';

export const rejectSuggestionOutput = z.object({
  id: z.string(),
  matchStatus: z.literal('rejected'),
});
