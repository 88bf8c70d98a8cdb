import type { Db } from '../../../db/client';
import { streamStatementCsv } from '../../../server/balances/stream-statement-csv';
import { DomainError } from '../../../server/errors';
import { hasMerchantPermission, totpRequiredFor } from '../../../server/merchant-team/merchant-permissions';
import { parseInput } from '../../../server/validation/parse-input';
import { checkedSessionUser, type SessionClaims } from '../../_auth/session-user';
import { statementExportInput } from './statement-export.schema';

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
 * GET /merchant/statement-export?account=&from=&to= or ?month=YYYY-MM (docs/merchant-guide.md,
 * "Balance"): the statement's CSV, the REST export's stream (stream-statement-csv.ts), for the
 * signed-in merchant user. The session is checked against the database like every procedure's (an
 * ended session is 401), and the role must read statements and export. `readDb` serves the rows:
 * a standby's pool may (docs/deploy.md, "Reads off the primary").
 */
export async function statementExportResponse(db: Db, claims: SessionClaims | null, request: Request, readDb: Db = db): Promise<Response> {
  const user = await checkedSessionUser(db, claims);
  if (!user) return refusal(401, 'UNAUTHENTICATED', 'Sign in first.');
  if (user.role !== 'merchant' || !user.merchantId || !user.merchantRole) return refusal(403, 'FORBIDDEN', 'This is for merchant users.');
  if (totpRequiredFor(user.merchantRole) && !user.totpEnrolled) return refusal(403, 'TOTP_REQUIRED', 'Enrol a second factor first.');
  if (!hasMerchantPermission(user.merchantRole, 'statements.read') || !hasMerchantPermission(user.merchantRole, 'exports.create')) {
    return refusal(403, 'FORBIDDEN', 'Your role in this team may not export statements.');
  }

  const raw = Object.fromEntries(new URL(request.url).searchParams);
  let query;
  try {
    query = parseInput(statementExportInput, raw);
  } catch (error) {
    return refusedFilter(error, 'The export filter is not valid: account is available or frozen, from and to are ISO dates (from not after to), month is YYYY-MM, not with from or to.');
  }
  const body = await streamStatementCsv(readDb, { merchantId: user.merchantId, filters: query.filters });
  return new Response(body, {
    status: 200,
    headers: { ...noStore, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="statement-${query.name}.csv"` },
  });
}
