import type { Db } from '../../../../db/client';
import { checkPayoutEvidenceTarget } from '../../../../server/disputes/check-evidence-target';
import { MAX_EVIDENCE_IMAGES } from '../../../../server/disputes/dispute-evidence.schema';
import { DomainError, httpStatusOf, type ErrorCode } from '../../../../server/errors';
import { hasMerchantPermission, totpRequiredFor } from '../../../../server/merchant-team/merchant-permissions';
import { orderReferenceInput } from '../../../../server/merchant-console/merchant-orders.schema';
import { checkedSessionUser, type SessionClaims } from '../../../_auth/session-user';

/** Three images of at most 5 MB each, the statement and the multipart framing (as the API's evidence route). */
export const EVIDENCE_UPLOAD_BYTES = MAX_EVIDENCE_IMAGES * 5 * 1024 * 1024 + 64 * 1024;

export interface EvidenceUploadRefusal {
  status: number;
  code: ErrorCode;
  message: string;
}

/**
 * Everything a console evidence upload is checked for before a byte of its body is read
 * (docs/security.md, "Uploads"): a form from another site, the session and role, a declared body
 * over the cap, then the order (the merchant's, PAYMENT_SUBMITTED or DISPUTED). The route and the
 * server's page gate (app/_page-gate) both call it, so a refused upload is refused before Next
 * buffers anything.
 */
export async function checkEvidenceUpload(
  db: Db,
  claims: SessionClaims | null,
  headers: { secFetchSite: string | null; contentLength: string | null },
  reference: string,
): Promise<{ refusal: EvidenceUploadRefusal } | { merchantId: string; orderId: string }> {
  // The session cookie is SameSite=Lax, so another site cannot post with it; a browser that says
  // the form came from elsewhere (a sibling subdomain, say) is refused as well.
  if (headers.secFetchSite !== null && headers.secFetchSite !== 'same-origin') return { refusal: { status: 403, code: 'FORBIDDEN', message: 'Evidence is added from the console itself.' } };
  const user = await checkedSessionUser(db, claims);
  if (!user) return { refusal: { status: 401, code: 'UNAUTHENTICATED', message: 'Sign in first.' } };
  if (user.role !== 'merchant' || !user.merchantId || !user.merchantRole) return { refusal: { status: 403, code: 'FORBIDDEN', message: 'This is for merchant users.' } };
  if (totpRequiredFor(user.merchantRole) && !user.totpEnrolled) return { refusal: { status: 403, code: 'TOTP_REQUIRED', message: 'Enrol a second factor first.' } };
  if (!hasMerchantPermission(user.merchantRole, 'orders.decide')) return { refusal: { status: 403, code: 'FORBIDDEN', message: 'Your role in this team may not add evidence.' } };
  const merchantId = user.merchantId;
  try {
    if (Number(headers.contentLength ?? '0') > EVIDENCE_UPLOAD_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', `At most ${MAX_EVIDENCE_IMAGES} images of 5 MB each.`);
    const parsed = orderReferenceInput.safeParse(reference);
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', 'The order reference is not valid.');
    const target = await checkPayoutEvidenceTarget(db, { merchantId, reference: parsed.data });
    return { merchantId, orderId: target.orderId };
  } catch (error) {
    if (error instanceof DomainError) return { refusal: { status: httpStatusOf(error.code), code: error.code, message: error.message } };
    throw error;
  }
}
