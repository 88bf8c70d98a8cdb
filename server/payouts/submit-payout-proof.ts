import type { Db } from '../../db/client';
import { proofImages } from '../../db/schema';
import { prepareProofImages } from '../proofs/prepare-proof-image';
import { applyPayoutTransition } from '../state-machines/apply-transition';
import { merchantWindowMs } from './merchant-window';
import { payoutDetailView } from './payout-view';
import { retryTransaction } from '../../db/retry-transaction';

/**
 * The trader who holds a payout uploads 1 to 3 proof images (PENDING_PAYMENT or PAYMENT_OVERDUE
 * -> PAYMENT_SUBMITTED). The images are checked and re-encoded before the transaction; the order,
 * the images and the payout.proof_submitted event are written together. merchantActionDueAt
 * starts from the merchant's window.
 */
export async function submitPayoutProof(
  db: Db,
  input: { traderId: string; orderId: string; files: readonly Uint8Array[] },
  now = new Date(),
) {
  const proofs = await prepareProofImages(input.files);
  return retryTransaction(db, async (tx) => {
    const decisionWindowMs = await merchantWindowMs(tx, input.orderId, 'payoutMerchantActionSeconds');

    const outcome = await applyPayoutTransition(tx, {
      orderId: input.orderId,
      action: 'submit_proof',
      actor: { type: 'trader', id: input.traderId },
      scope: { traderId: input.traderId },
      now,
      context: { proofCount: proofs.length },
      set: (row) => ({
        firstProofSubmittedAt: row.firstProofSubmittedAt ?? now,
        merchantActionDueAt: new Date((row.firstProofSubmittedAt ?? now).getTime() + decisionWindowMs),
      }),
      eventData: payoutDetailView,
    });
    await tx.insert(proofImages).values(
      proofs.map((proof, index) => ({
        payoutOrderId: input.orderId,
        traderId: input.traderId,
        position: index + 1,
        contentType: proof.contentType,
        byteSize: proof.byteSize,
        width: proof.width,
        height: proof.height,
        originalSha256: proof.originalSha256,
        data: proof.data,
        createdAt: now,
      })),
    );
    return outcome.order;
  });
}
