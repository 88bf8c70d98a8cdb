import type { Db } from '../../../../db/client';
import { addDisputeEvidence } from '../../../../server/disputes/add-dispute-evidence';
import { checkPayoutEvidenceTarget } from '../../../../server/disputes/check-evidence-target';
import { MAX_EVIDENCE_IMAGES } from '../../../../server/disputes/dispute-evidence.schema';
import { DomainError, httpStatusOf } from '../../../../server/errors';
import { hasMerchantPermission, totpRequiredFor } from '../../../../server/merchant-team/merchant-permissions';
import { orderReferenceInput } from '../../../../server/merchant-console/merchant-orders.schema';
import { checkedSessionUser, type SessionClaims } from '../../../_auth/session-user';

/** Three images of at most 5 MB each, the statement and the multipart framing (as the API's evidence route). */
const UPLOAD_BYTES = MAX_EVIDENCE_IMAGES * 5 * 1024 * 1024 + 64 * 1024;
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
  // The session cookie is SameSite=Lax, so another site cannot post with it; a browser that says
  // the form came from elsewhere (a sibling subdomain, say) is refused as well.
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return refusal(403, 'FORBIDDEN', 'Evidence is added from the console itself.');
  const user = await checkedSessionUser(db, claims);
  if (!user) return refusal(401, 'UNAUTHENTICATED', 'Sign in first.');
  if (user.role !== 'merchant' || !user.merchantId || !user.merchantRole) return refusal(403, 'FORBIDDEN', 'This is for merchant users.');
  if (totpRequiredFor(user.merchantRole) && !user.totpEnrolled) return refusal(403, 'TOTP_REQUIRED', 'Enrol a second factor first.');
  if (!hasMerchantPermission(user.merchantRole, 'orders.decide')) return refusal(403, 'FORBIDDEN', 'Your role in this team may not add evidence.');
  const merchantId = user.merchantId;
  try {
    const parsed = orderReferenceInput.safeParse(reference);
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', 'The order reference is not valid.');
    const target = await checkPayoutEvidenceTarget(db, { merchantId, reference: parsed.data });
    const length = Number(request.headers.get('content-length') ?? '0');
    if (length > UPLOAD_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', `At most ${MAX_EVIDENCE_IMAGES} images of 5 MB each.`);
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
    const item = await addDisputeEvidence(db, { flow: 'payout', orderId: target.orderId, party: 'merchant', authorId: merchantId, statement: text, files, scope: { merchantId } });
    return Response.json(item, { status: 201, headers: noStore });
  } catch (error) {
    if (error instanceof DomainError) return refusal(httpStatusOf(error.code), error.code, error.message);
    throw error;
  }
}
