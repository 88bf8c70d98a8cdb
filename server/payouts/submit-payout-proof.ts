import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { proofImages } from '../../db/schema';
import { sha256Hex } from '../crypto/tokens';
import { isoMs } from '../money/format';
import type { ProofSummary } from './proof-summary.schema';
import { prepareProofImages } from '../images/prepare-images';
import { applyPayoutTransition } from './apply-payout-transition';
import { merchantWindowMs } from './merchant-window';
import { payoutDetailView } from './payout-view';
import { retryTransaction } from '../../db/retry-transaction';

/**
 * The trader who holds a payout uploads 1 to 3 proof images (PENDING_PAYMENT or PAYMENT_OVERDUE
 * -> PAYMENT_SUBMITTED). The images are checked and re-encoded before the transaction; the order,
 * the images and the payout.proof_submitted event are written together. merchantActionDueAt
 * starts from the merchant's window. The event lists the proofs (docs/webhooks.md): their ids and
 * hashes, never a URL, which would outlive its expiry in the merchant's logs and retries.
 */
export async function submitPayoutProof(
  db: Db,
  input: { traderId: string; orderId: string; files: readonly Uint8Array[] },
  now = new Date(),
) {
  const proofs = (await prepareProofImages(input.files)).map((proof) => ({ ...proof, id: randomUUID() }));
  // Positions are unique per payout and only this transition stores proofs, so these are all the
  // payout's proofs.
  const summaries: ProofSummary[] = proofs.map((proof) => ({
    id: proof.id,
    contentType: proof.contentType,
    byteSize: proof.byteSize,
    sha256: sha256Hex(proof.data),
    uploadedAt: isoMs(now),
  }));
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
      eventData: (row) => ({ ...payoutDetailView(row), proofs: summaries }),
    });
    await tx.insert(proofImages).values(
      proofs.map((proof, index) => ({
        id: proof.id,
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
