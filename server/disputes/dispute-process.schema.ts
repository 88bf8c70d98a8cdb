import { z } from 'zod';
import { caseEvidenceRequest } from './list-evidence-requests.schema';
import { timerAdjustmentView } from '../order-timers/list-timer-adjustments.schema';
import { caseDeadlineView } from './case-deadlines.schema';
import { autoRulingView } from './stop-auto-ruling.schema';

export const disputeProcess = z.object({
  status: z.string(),
  timersPausedAt: z.string().nullable(),
  deadline: z.object({
    timer: z.string(),
    dueAt: z.string(),
  }).nullable(),
  requests: z.array(caseEvidenceRequest),
  adjustments: z.array(timerAdjustmentView),
  deadlines: z.array(caseDeadlineView),
  autoRulings: z.array(autoRulingView),
});
