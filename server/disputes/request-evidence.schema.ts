import { z } from 'zod';

export const requestEvidenceOutput = z.object({
  id: z.string(),
  party: z.enum(['trader', 'merchant', 'buyer']),
  message: z.string(),
  dueAt: z.string(),
  createdAt: z.string(),
});
