import type { Db } from '../../db/client';
import { applyPayoutTransition } from '../state-machines/apply-transition';
import { findMerchantPayout } from './find-payout';
import type { PayoutDecisionInput } from './payout.schema';
import { payoutDetailView } from './payout-view';
import { retryTransaction } from '../../db/retry-transaction';

/**
 * The merchant's decision on a payout with proof (docs/api.md, "Decide on a payout"): CONFIRM releases the
 * frozen USDT to the trader and the fee to the platform (COMPLETED); DISPUTE with a reason sends it
 * to an operator with the funds still frozen (DISPUTED).
 */
export async function decidePayout(
  db: Db,
  input: { merchantId: string; reference: string; decision: PayoutDecisionInput },
  now = new Date(),
): Promise<{ status: 'COMPLETED' | 'DISPUTED' }> {
  const order = await findMerchantPayout(db, input.merchantId, input.reference);
  const confirm = input.decision.decision === 'CONFIRM';
  const outcome = await retryTransaction(db, (tx) =>
    applyPayoutTransition(tx, {
      orderId: order.id,
      action: confirm ? 'confirm' : 'dispute',
      actor: { type: 'merchant', id: input.merchantId },
      scope: { merchantId: input.merchantId },
      now,
      context: { reason: input.decision.reason ?? null },
      note: confirm ? null : (input.decision.reason ?? null),
      set: () => (confirm ? { completedAt: now } : { disputeReason: input.decision.reason ?? null, disputedAt: now }),
      eventData: payoutDetailView,
    }),
  );
  return { status: outcome.to as 'COMPLETED' | 'DISPUTED' };
}
