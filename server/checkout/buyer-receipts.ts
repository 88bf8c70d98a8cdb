import type { Db, Executor } from '../../db/client';
import { addDisputeEvidence } from '../disputes/add-dispute-evidence';
import { EVIDENCE_STATES, MAX_EVIDENCE_IMAGES } from '../disputes/dispute-evidence.schema';
import { DomainError } from '../errors';
import { payinByToken } from '../payins/payin-by-token';
import { checkoutLinkExpired } from '../payins/checkout-link';

/** Three images of at most 5 MB each and the multipart framing: a larger body is refused unread. */
export const BUYER_RECEIPTS_UPLOAD_BYTES = MAX_EVIDENCE_IMAGES * 5 * 1024 * 1024 + 64 * 1024;

/**
 * The pay-in a buyer's receipt upload is for, checked before the body is read or any image decoded
 * (docs/security.md, "Buyer receipts and the checkout's streams"): an unknown or expired link is ORDER_NOT_FOUND, an order before "I
 * Have Paid" or after the case is closed INVALID_ORDER_STATE. addDisputeEvidence checks again on the
 * locked row, so this is a gate, not the authority.
 */
export async function checkBuyerReceiptTarget(db: Executor, token: string, now = new Date()): Promise<{ orderId: string }> {
  const order = await payinByToken(db, token);
  if (checkoutLinkExpired(order, now)) throw new DomainError('ORDER_NOT_FOUND', 'This payment link is not valid.');
  const allowed: readonly string[] = EVIDENCE_STATES.payin;
  if (!allowed.includes(order.status)) {
    throw new DomainError('INVALID_ORDER_STATE', 'Receipts can be attached after "I Have Paid", until the payment is settled.', { meta: { status: order.status } });
  }
  return { orderId: order.id };
}

interface AddBuyerReceiptsOptions {
  token: string;
  files: readonly Uint8Array[];
  ip?: string | null;
  now?: Date;
}

/**
 * The buyer attaches up to 3 screenshots of their bank transfer, any time after "I Have Paid" (no
 * 15-minute wait: that applies to opening a dispute only). They are dispute evidence of party
 * `buyer` with the proof rules (type by content, 5 MB, 40 megapixels, re-encoded), which the
 * operator's case shows beside the trader's and the merchant's.
 */
export async function addBuyerReceipts(db: Db, { token, files, ...options }: AddBuyerReceiptsOptions) {
  const { orderId } = await checkBuyerReceiptTarget(db, token, options.now);
  if (files.length === 0) {
    throw new DomainError('VALIDATION_FAILED', 'Choose 1 to 3 screenshots of your transfer.', { details: [{ path: 'images', message: 'choose 1 to 3 images' }] });
  }
  return addDisputeEvidence(db, { flow: 'payin', orderId, party: 'buyer', authorId: null, files, ip: options.ip ?? null, now: options.now });
}
