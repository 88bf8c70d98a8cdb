import type { Db } from '../../../../db/client';
import { DomainError, httpStatusOf } from '../../../../server/errors';
import { addBuyerReceipts } from '../../../../server/checkout/buyer-receipts';
import { checkReceiptUpload } from './receipt-upload-check';

const noStore = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

function refusal(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status, headers: noStore });
}

/**
 * POST /pay/:token/receipts (docs/api.md, "Checkout"): the buyer's transfer screenshots as
 * multipart `images`. The token is the only credential, as for every checkout action; the order is
 * checked before the body is read, and a browser that says the form came from another site is
 * refused, so a page elsewhere cannot attach images to an order whose link it learned.
 */
export async function uploadReceiptsResponse(db: Db, request: Request, token: string): Promise<Response> {
  try {
    await checkReceiptUpload(db, { secFetchSite: request.headers.get('sec-fetch-site'), contentLength: request.headers.get('content-length') }, token);
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '')) {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the receipts as multipart/form-data.');
    }
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new DomainError('VALIDATION_FAILED', 'The multipart body could not be read.');
    }
    const files = await Promise.all(
      form.getAll('images').filter((entry): entry is File => typeof entry !== 'string' && entry.size > 0).map(async (file) => new Uint8Array(await file.arrayBuffer())),
    );
    const item = await addBuyerReceipts(db, { token, files });
    // The buyer needs the count, not the stored files' ids and hashes.
    return Response.json({ attached: item.files.length }, { status: 201, headers: noStore });
  } catch (error) {
    if (error instanceof DomainError) return refusal(httpStatusOf(error.code), error.code, error.message);
    throw error;
  }
}
