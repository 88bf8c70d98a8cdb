import type { Db } from '../../../../db/client';
import { addDisputeEvidence } from '../../../../server/disputes/add-dispute-evidence';
import { DomainError, httpStatusOf } from '../../../../server/errors';
import type { SessionClaims } from '../../../_auth/session-user';
import { checkEvidenceUpload } from './evidence-upload-check';

const noStore = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

function refusal(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status, headers: noStore });
}

/**
 * POST /merchant/evidence/:reference (docs/merchant-guide.md, "The order page"): an owner adds
 * images (and a statement) to a payout's dispute evidence from the console, as the API's evidence
 * route does: the session and role first, then the order (the merchant's, PAYMENT_SUBMITTED or
 * DISPUTED) before the body is read or any image decoded (docs/security.md, "Uploads").
 */
export async function uploadEvidenceResponse(db: Db, claims: SessionClaims | null, request: Request, reference: string): Promise<Response> {
  const checked = await checkEvidenceUpload(db, claims, { secFetchSite: request.headers.get('sec-fetch-site'), contentLength: request.headers.get('content-length') }, reference);
  if ('refusal' in checked) return refusal(checked.refusal.status, checked.refusal.code, checked.refusal.message);
  const { merchantId, orderId } = checked;
  try {
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '')) {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Send the evidence as multipart/form-data.');
    }
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new DomainError('VALIDATION_FAILED', 'The multipart body could not be read.');
    }
    const statement = form.get('statement');
    const text = typeof statement === 'string' && statement.trim() !== '' ? statement.replace(/\r\n/g, '\n') : undefined;
    const files = await Promise.all(
      form.getAll('images').filter((entry): entry is File => typeof entry !== 'string' && entry.size > 0).map(async (file) => new Uint8Array(await file.arrayBuffer())),
    );
    const item = await addDisputeEvidence(db, { flow: 'payout', orderId, party: 'merchant', authorId: merchantId, statement: text, files, scope: { merchantId } });
    return Response.json(item, { status: 201, headers: noStore });
  } catch (error) {
    if (error instanceof DomainError) return refusal(httpStatusOf(error.code), error.code, error.message);
    throw error;
  }
}
