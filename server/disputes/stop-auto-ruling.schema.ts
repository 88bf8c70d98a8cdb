import { z } from 'zod';

export const autoRulingView = z.object({
  id: z.string(),
  rule: z.string(),
  ruling: z.string(),
  reasonCode: z.string(),
  note: z.string(),
  applyAt: z.string(),
  status: z.enum(['pending', 'applied', 'proposed', 'stopped', 'superseded']),
  outcomeNote: z.string().nullable(),
  stoppedBy: z.string().nullable(),
  proposalId: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

export const stopAutoRulingOutput = z.object({
  autoRulingId: z.string(),
  status: z.enum(['pending', 'applied', 'proposed', 'stopped', 'superseded']),
});
