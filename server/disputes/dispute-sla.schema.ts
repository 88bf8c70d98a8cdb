import { z } from 'zod';

export const dueBy = z.object({
  kind: z.enum(['merchant_disputes_payout', 'merchant_silent', 'trader_not_received', 'buyer_reports_problem']),
  stage: z.enum(['ruling', 'first_response']),
  dueAt: z.string(),
  overdue: z.boolean(),
});
