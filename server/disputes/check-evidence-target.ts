import { DomainError } from '../errors';
import { findMerchantPayout } from '../payouts/find-payout';
import { EVIDENCE_STATES } from './dispute-evidence.schema';

/**
 * The merchant's payout that evidence is being added to, checked before the upload is parsed or
 * any image decoded (docs/security.md, "Uploads"): another merchant's or a missing order is
 * ORDER_NOT_FOUND, one past the dispute INVALID_ORDER_STATE. addDisputeEvidence checks again on
 * the locked row, so this is a gate, not the authority.
 */
export async function checkPayoutEvidenceTarget(db: Parameters<typeof findMerchantPayout>[0], input: { merchantId: string; reference: string }) {
  const order = await findMerchantPayout(db, input.merchantId, input.reference);
  const allowed: readonly string[] = EVIDENCE_STATES.payout;
  if (!allowed.includes(order.status)) {
    throw new DomainError('INVALID_ORDER_STATE', `The order is ${order.status}; evidence can be added while it is ${allowed.join(' or ')}.`, {
      meta: { status: order.status },
    });
  }
  return { orderId: order.id, orderNo: order.orderNo, status: order.status };
}
