import type { Executor } from '../../db/client';
import { isoMsOrNull } from '../money/format';
import { payinByToken } from '../payins/payin-by-token';
import { findMerchantPayin } from '../payins/find-payin';
import { findMerchantPayout } from '../payouts/find-payout';
import type { DisputeFlow } from '../orders/order-ref';
import { listOpenEvidenceRequests } from './list-evidence-requests';
import { openDeadlineFor } from './case-deadlines';

/**
 * What the operator asks of the merchant on one of its orders, and whether the order's deadlines
 * are paused (docs/merchant-guide.md, "Evidence requests"). Another merchant's order is
 * ORDER_NOT_FOUND; only requests to the merchant are listed.
 */
export async function merchantEvidenceRequests(db: Executor, input: { merchantId: string; flow: DisputeFlow; reference: string }) {
  const order =
    input.flow === 'payout'
      ? await findMerchantPayout(db, input.merchantId, input.reference)
      : await findMerchantPayin(db, input.merchantId, input.reference);
  return {
    timersPausedAt: isoMsOrNull(order.timersPausedAt),
    requests: await listOpenEvidenceRequests(db, { flow: input.flow, orderId: order.id, party: 'merchant', status: order.status }),
    // By when the dispute waits for the merchant's answer (docs/operator-guide.md, "Deadlines"); null when it does not.
    answerDueAt: order.status === 'DISPUTED' ? await openDeadlineFor(db, { flow: input.flow, orderId: order.id }, 'merchant') : null,
  };
}

/** What the operator asks of the buyer of a checkout link (only requests to the buyer). */
export async function buyerEvidenceRequests(db: Executor, token: string) {
  const order = await payinByToken(db, token);
  return {
    timersPausedAt: isoMsOrNull(order.timersPausedAt),
    requests: await listOpenEvidenceRequests(db, { flow: 'payin', orderId: order.id, party: 'buyer', status: order.status }),
    // By when the dispute waits for the buyer's payment evidence; null when it does not.
    answerDueAt: order.status === 'DISPUTED' ? await openDeadlineFor(db, { flow: 'payin', orderId: order.id }, 'buyer') : null,
  };
}
