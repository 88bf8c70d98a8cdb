import type { IncomingHttpHeaders } from 'node:http';
import type { Db } from '../../db/client';
import { DomainError, httpStatusOf, type ErrorCode } from '../../server/errors';
import { BUYER_RECEIPTS_UPLOAD_BYTES } from '../../server/checkout/buyer-receipts';
import { checkedSessionUser } from '../_auth/session-user';
import { checkEvidenceUpload, EVIDENCE_UPLOAD_BYTES } from '../merchant/evidence/[reference]/evidence-upload-check';
import { checkReceiptUpload } from '../pay/[token]/receipts/receipt-upload-check';
import { sessionClaimsFromHeaders } from './session-from-headers';

/** A page request with a body and no session: checkout actions, sign-in and invitations need no more. */
export const ANONYMOUS_PAGE_BODY_BYTES = 64 * 1024;
/**
 * A signed-in request (tRPC mutations, server actions such as the trader's proof upload): as
 * next.config.mjs's `serverActions.bodySizeLimit` and `proxyClientMaxBodySize`, 16 MB.
 */
export const SIGNED_IN_PAGE_BODY_BYTES = 16 * 1024 * 1024;

export interface PageRefusal {
  status: number;
  code: ErrorCode;
  message: string;
}

export type BodyVerdict = { refusal: PageRefusal } | { limit: number };

const RECEIPTS = /^\/pay\/([^/]+)\/receipts$/;
const MERCHANT_EVIDENCE = /^\/merchant\/evidence\/([^/]+)$/;

/**
 * What a page request that carries a body may send, decided from its method, path and headers
 * alone, before a byte of the body is read (docs/security.md, "Bodies on pages"): the buyer's
 * receipts and a merchant's console evidence are checked as their routes check them (link, session,
 * role, order); any other request gets 64 KiB without a live session and 16 MB with one. A
 * declared length over the limit is refused here; an undeclared (chunked) one is capped as it
 * arrives by the caller.
 */
export async function pageBodyVerdict(db: Db, request: { method: string; path: string; headers: IncomingHttpHeaders }): Promise<BodyVerdict> {
  const { method, path, headers } = request;
  const uploadHeaders = { secFetchSite: header(headers, 'sec-fetch-site'), contentLength: header(headers, 'content-length') };
  const receipts = method === 'POST' ? RECEIPTS.exec(path) : null;
  if (receipts) {
    try {
      await checkReceiptUpload(db, uploadHeaders, decodeSegment(receipts[1]!));
      return { limit: BUYER_RECEIPTS_UPLOAD_BYTES };
    } catch (error) {
      if (error instanceof DomainError) return { refusal: { status: httpStatusOf(error.code), code: error.code, message: error.message } };
      throw error;
    }
  }
  const evidence = method === 'POST' ? MERCHANT_EVIDENCE.exec(path) : null;
  if (evidence) {
    const checked = await checkEvidenceUpload(db, await sessionClaimsFromHeaders(headers), uploadHeaders, decodeSegment(evidence[1]!));
    return 'refusal' in checked ? checked : { limit: EVIDENCE_UPLOAD_BYTES };
  }

  // Most bodies are small: they pass on their declaration alone, with no session lookup.
  const declared = declaredLength(headers);
  if (declared !== null && declared <= ANONYMOUS_PAGE_BODY_BYTES) return { limit: ANONYMOUS_PAGE_BODY_BYTES };
  const user = await checkedSessionUser(db, await sessionClaimsFromHeaders(headers));
  const limit = user ? SIGNED_IN_PAGE_BODY_BYTES : ANONYMOUS_PAGE_BODY_BYTES;
  if (declared !== null && declared > limit) return { refusal: tooLarge(limit, user !== null) };
  return { limit };
}

export function tooLarge(limit: number, signedIn: boolean): PageRefusal {
  const size = limit >= 1024 * 1024 ? `${limit / (1024 * 1024)} MB` : `${limit / 1024} KiB`;
  return {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: signedIn ? `The body is larger than ${size}.` : `Without a session a body may be at most ${size}; sign in first.`,
  };
}

/** The declared Content-Length, or null when the body is chunked (or the header is not a number Node accepted). */
export function declaredLength(headers: IncomingHttpHeaders): number | null {
  if (headers['transfer-encoding'] !== undefined) return null;
  const value = headers['content-length'];
  return value === undefined ? 0 : Number(value);
}

/** Whether a request says it carries a body: a Content-Length above zero, or chunked framing. */
export function announcesBody(headers: IncomingHttpHeaders): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? '0') > 0;
}

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
