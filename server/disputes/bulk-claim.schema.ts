import { z } from 'zod';
import { disputeRef } from '../orders/order-ref';

/** Cases picked in the queue for one bulk claim or release (one page at most). */
export const bulkClaimInput = z
  .object({ cases: z.array(disputeRef).min(1, 'Pick at least one case.').max(100, 'At most 100 cases at once.') })
  .strict();
export type BulkClaimInput = z.input<typeof bulkClaimInput>;

export interface BulkClaimResult {
  /** The cases this operator now holds (or, for a release, gave back). */
  done: { flow: 'payout' | 'payin'; orderId: string }[];
  /** The others: held by someone else, no longer disputed, or not held by this operator. */
  skipped: { flow: 'payout' | 'payin'; orderId: string }[];
}
