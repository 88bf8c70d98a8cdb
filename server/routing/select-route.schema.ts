import { z } from 'zod';
import { candidateScore } from './score-candidate.schema';

export const routeRecord = z.object({
  mode: z.enum(['price', 'scored']),
  pick: z.enum(['price', 'exploration', 'top_k', 'fallback']),
  attempt: z.number(),
  candidates: z.number(),
  score: candidateScore.nullable(),
});
