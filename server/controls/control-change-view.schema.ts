import { z } from 'zod';
import { controlKeys } from './control-registry';

export const controlChangeView = z.object({
  id: z.string(),
  control: z.enum(controlKeys),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'rejected', 'approved', 'withdrawn']),
  proposedBy: z.object({
    id: z.string(),
    name: z.string(),
  }),
  createdAt: z.string(),
  decidedBy: z.object({
    id: z.string(),
    name: z.string(),
  }).nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
