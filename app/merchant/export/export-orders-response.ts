import type { Db } from '../../../db/client';
import { exportMerchantOrders } from '../../../server/merchant-console/export-merchant-orders';
import { exportQueryInput, payinFilterInput, payoutFilterInput } from '../../../server/merchant-console/merchant-orders.schema';
import { DomainError } from '../../../server/errors';
import { hasMerchantPermission, totpRequiredFor } from '../../../server/merchant-team/merchant-permissions';
import { parseInput } from '../../../server/validation/parse-input';
import { checkedSessionUser, type SessionClaims } from '../../_auth/session-user';

const noStore = { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' };

function refusal(status: 400 | 401 | 403, code: string, message: string, details?: DomainError['details']): Response {
  return Response.json({ error: { code, message, ...(details ? { details } : {}) } }, { status, headers: noStore });
}

/** A filter that fails the one parser (server/validation/parse-input.ts) is refused by field, before any row is read or any byte of the file is sent. */
function refusedFilter(error: unknown, message: string): Response {
  if (error instanceof DomainError && error.code === 'VALIDATION_FAILED') return refusal(400, 'VALIDATION_FAILED', message, error.details);
  throw error;
}

/**
 * GET /merchant/export?flow=payouts|payins&search=&status=&from=&to=&sort= (docs/merchant-guide.md,
 * "Exporting orders"): the CSV of every order under the console's filter, streamed in keyset
 * batches as the browser reads it. The session is checked against the database like every
 * procedure's (an ended session is 401), and the role must hold exports.create.
 */
export async function exportOrdersResponse(db: Db, claims: SessionClaims | null, request: Request): Promise<Response> {
  const user = await checkedSessionUser(db, claims);
  if (!user) return refusal(401, 'UNAUTHENTICATED', 'Sign in first.');
  if (user.role !== 'merchant' || !user.merchantId || !user.merchantRole) return refusal(403, 'FORBIDDEN', 'This is for merchant users.');
  if (totpRequiredFor(user.merchantRole) && !user.totpEnrolled) return refusal(403, 'TOTP_REQUIRED', 'Enrol a second factor first.');
  if (!hasMerchantPermission(user.merchantRole, 'exports.create')) return refusal(403, 'FORBIDDEN', 'Your role in this team may not export.');

  const raw = Object.fromEntries(new URL(request.url).searchParams);
  let flow: 'payouts' | 'payins';
  let filter;
  try {
    const query = parseInput(exportQueryInput, raw);
    flow = query.flow;
    const fields = { search: query.search || undefined, status: query.status?.length ? query.status : undefined, from: query.from || undefined, to: query.to || undefined, sort: query.sort || undefined };
    filter = parseInput(flow === 'payouts' ? payoutFilterInput : payinFilterInput, fields);
  } catch (error) {
    return refusedFilter(error, 'The export filter is not valid: flow is payouts or payins; status, from, to and sort as on the orders page.');
  }

  const rows = exportMerchantOrders(db, { merchantId: user.merchantId, flow, filter });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    // One batch per pull: the next query runs only when the browser has taken the last one.
    async pull(controller) {
      const next = await rows.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    status: 200,
    headers: { ...noStore, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${flow}-${stamp}.csv"` },
  });
}
