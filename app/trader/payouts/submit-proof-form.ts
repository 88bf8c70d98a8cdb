import { z } from 'zod';
import type { Db } from '../../../db/client';
import { DomainError, isDomainError, type ErrorCode } from '../../../server/errors';
import { MAX_PROOF_BYTES, MAX_PROOFS } from '../../../common/proof-limits';
import { checkProofTarget } from '../../../server/proofs/proof-target';
import { submitPayoutProof } from '../../../server/payouts/submit-payout-proof';
import { parseInput } from '../../../server/validation/parse-input';

export type SubmitProofResult =
  | { ok: true; orderNo: string; status: string }
  | { ok: false; code: ErrorCode; message: string; details: { path: string; message: string }[] };

const orderId = z.uuid({ error: 'must be an order id' });

/**
 * The dashboard's proof upload: a multipart form with `orderId` and 1 to 3 files in `proofs`,
 * handed to the same domain function the trader API calls (type by magic bytes, 5 MB, 40 MP,
 * re-encoding, the state machine). A refusal comes back as a code and message for the page; the
 * 4th file or a file over 5 MB is refused before any bytes are read into the domain.
 */
export async function submitProofForm(db: Db, traderId: string, form: FormData): Promise<SubmitProofResult> {
  try {
    const id = parseInput(orderId, form.get('orderId'));
    // Whose order and in which state, before any image is read or decoded (docs/security.md).
    await checkProofTarget(db, { traderId, orderId: id });
    const entries = form.getAll('proofs');
    if (entries.length > MAX_PROOFS) {
      throw new DomainError('VALIDATION_FAILED', `Upload at most ${MAX_PROOFS} proof images.`, {
        details: [{ path: 'proofs', message: 'must be 1 to 3 images' }],
      });
    }
    const files = await Promise.all(
      entries.map(async (entry, index) => {
        if (typeof entry === 'string') {
          throw new DomainError('VALIDATION_FAILED', `Proof image ${index + 1} must be a file.`, { details: [{ path: `proofs.${index}`, message: 'must be a file' }] });
        }
        if (entry.size > MAX_PROOF_BYTES) {
          throw new DomainError('VALIDATION_FAILED', `Proof image ${index + 1} must be at most 5 MB.`, {
            details: [{ path: `proofs.${index}`, message: 'must be at most 5 MB' }],
          });
        }
        return new Uint8Array(await entry.arrayBuffer());
      }),
    );
    const order = await submitPayoutProof(db, { traderId, orderId: id, files });
    return { ok: true, orderNo: order.orderNo, status: order.status };
  } catch (error) {
    if (isDomainError(error)) return { ok: false, code: error.code, message: error.message, details: error.details ?? [] };
    throw error;
  }
}
