import { z } from 'zod';

export const caseEvidenceRequest = z.object({
  id: z.string(),
  party: z.enum(['trader', 'merchant', 'buyer']),
  message: z.string(),
  dueAt: z.string(),
  createdAt: z.string(),
  requestedBy: z.object({
    id: z.string(),
    name: z.string(),
  }),
  fulfilledAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  state: z.enum(['withdrawn', 'open', 'fulfilled']),
  overdue: z.boolean(),
});
