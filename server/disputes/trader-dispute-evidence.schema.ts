import { z } from 'zod';
import { evidenceItemView } from './dispute-evidence.schema';
import { openEvidenceRequestView } from './evidence-request.schema';

export const traderDisputeEvidenceOutput = z.object({
  status: z.enum(['PENDING_MATCH', 'PENDING_PAYMENT', 'PAYMENT_SUBMITTED', 'PENDING_RELEASE', 'SETTLING', 'COMPLETED', 'CANCELLED', 'DISPUTED', 'FAILED', 'PAYMENT_OVERDUE']),
  canAdd: z.boolean(),
  timersPausedAt: z.string().nullable(),
  items: z.array(evidenceItemView),
  imagesRemaining: z.number(),
  requests: z.array(openEvidenceRequestView),
  answerDueAt: z.string().nullable(),
});
