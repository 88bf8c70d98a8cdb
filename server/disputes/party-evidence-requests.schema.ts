import { z } from 'zod';
import { openEvidenceRequestView } from './evidence-request.schema';

export const buyerEvidenceRequestsOutput = z.object({
  timersPausedAt: z.string().nullable(),
  requests: z.array(openEvidenceRequestView),
  answerDueAt: z.string().nullable(),
});

export const merchantEvidenceRequestsOutput = z.object({
  timersPausedAt: z.string().nullable(),
  requests: z.array(openEvidenceRequestView),
  answerDueAt: z.string().nullable(),
});
