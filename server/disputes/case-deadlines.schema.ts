import { z } from 'zod';

export const caseDeadlineView = z.object({
  party: z.enum(['trader', 'operator', 'merchant', 'buyer']),
  kind: z.enum(['answer', 'evidence_request', 'ruling']),
  requestId: z.string().nullable(),
  dueAt: z.string(),
  state: z.enum(['open', 'met', 'missed']),
  overdue: z.boolean(),
});
