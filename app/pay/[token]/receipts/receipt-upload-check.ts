import type { Executor } from '../../../../db/client';
import { DomainError } from '../../../../server/errors';
import { BUYER_RECEIPTS_UPLOAD_BYTES, checkBuyerReceiptTarget } from '../../../../server/checkout/buyer-receipts';

/** The headers of a receipt upload that matter before its body: where the form came from and how long it says it is. */
export interface UploadHeaders {
  secFetchSite: string | null;
  contentLength: string | null;
}

/**
 * Everything a buyer's receipt upload is checked for before a byte of its body is read (docs/security.md,
 * "Buyer receipts and the checkout's streams"): a form from another site, a declared body over the
 * cap, an unknown or expired link or an order in the wrong state. Throws the refusal as a
 * DomainError. The route and the server's page gate (app/_page-gate) both call it.
 */
export async function checkReceiptUpload(db: Executor, headers: UploadHeaders, token: string): Promise<void> {
  if (headers.secFetchSite !== null && headers.secFetchSite !== 'same-origin') throw new DomainError('FORBIDDEN', 'Receipts are attached from the checkout page itself.');
  if (Number(headers.contentLength ?? '0') > BUYER_RECEIPTS_UPLOAD_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', 'At most 3 images of 5 MB each.');
  await checkBuyerReceiptTarget(db, token);
}
