import { z } from 'zod';

/** An operator's decision on a held order (docs/risk.md, "Review"): the reason is kept on the hold and in the audit log. */
export const decideRiskHoldInput = z
  .object({
    holdId: z.uuid(),
    decision: z.enum(['approve', 'reject']),
    reason: z.string().trim().min(1).max(500),
  })
  .strict();
export type DecideRiskHoldInput = z.input<typeof decideRiskHoldInput>;
