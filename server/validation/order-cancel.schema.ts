import { z } from 'zod';

/**
 * The optional body of a merchant's cancel (docs/api.md, "Cancel a payout", "Cancel a pay-in"):
 * why, kept in the order's timeline and the audit log. Counted after trimming, like a dispute's
 * reason, so a reason of spaces is no reason; control characters are refused by parseInput.
 */
export const orderCancelInput = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, { error: 'must be 1 to 500 characters' })
      .max(500, { error: 'must be 1 to 500 characters' })
      .meta({ pattern: '\\S' })
      .optional()
      .describe('Why you cancel, 1 to 500 characters; kept in the order timeline. Optional: the body may be left out.'),
  })
  .strict();
