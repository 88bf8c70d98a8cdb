import type { Db } from '../../db/client';
import { applyPayoutTransition } from './apply-payout-transition';
import { findMerchantPayout } from './find-payout';
import type { PayoutDecisionInput } from './payout.schema';
import { payoutDetailView } from './payout-view';
import { retryTransaction } from '../../db/retry-transaction';
import { recordAudit } from '../audit';

/**
 * The merchant's decision on a payout with proof (docs/api.md, "Decide on a payout"): CONFIRM releases the
 * frozen USDT to the trader and the fee to the platform (COMPLETED); DISPUTE with a reason sends it
 * to an operator with the funds still frozen (DISPUTED).
 */
export async function decidePayout(
  db: Db,
  input: {
    merchantId: string;
    reference: string;
    decision: PayoutDecisionInput;
    /** The console's user who decides: their decision is audited under their name (docs/merchant-guide.md, "The audit log"). */
    by?: { userId: string; ip: string | null };
  },
  now = new Date(),
): Promise<{ status: 'COMPLETED' | 'DISPUTED' }> {
  const order = await findMerchantPayout(db, input.merchantId, input.reference);
  const confirm = input.decision.decision === 'CONFIRM';
  const outcome = await retryTransaction(db, async (tx) => {
    const applied = await applyPayoutTransition(tx, {
      orderId: order.id,
      action: confirm ? 'confirm' : 'dispute',
      actor: { type: 'merchant', id: input.merchantId },
      scope: { merchantId: input.merchantId },
      now,
      context: { reason: input.decision.reason ?? null },
      note: confirm ? null : (input.decision.reason ?? null),
      set: () => (confirm ? { completedAt: now } : { disputeReason: input.decision.reason ?? null, disputedAt: now }),
      eventData: payoutDetailView,
    });
    // An API key's decision is in the order's timeline; a person's is audited too, so the
    // merchant's audit log says who of the team moved the money.
    if (input.by) {
      await recordAudit(tx, {
        actorType: 'merchant',
        actorId: input.by.userId,
        ip: input.by.ip,
        action: confirm ? 'payout.merchant_confirm' : 'payout.merchant_dispute',
        targetType: 'payout',
        targetId: order.id,
        details: { orderNo: order.orderNo, from: applied.from, reason: input.decision.reason ?? null },
      });
    }
    return applied;
  });
  return { status: outcome.to as 'COMPLETED' | 'DISPUTED' };
}
