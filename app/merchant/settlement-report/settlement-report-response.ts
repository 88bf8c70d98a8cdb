import { z } from 'zod';
import type { Db } from '../../../db/client';
import { keyring } from '../../../server/config/keyring';
import { DomainError } from '../../../server/errors';
import { hasMerchantPermission, totpRequiredFor } from '../../../server/merchant-team/merchant-permissions';
import { reportDigest, signReportDigest } from '../../../server/reports/report-signing';
import { streamSettlementCsv } from '../../../server/reports/settlement-csv';
import { settlementPdf } from '../../../server/reports/settlement-pdf';
import { settlementReportOf } from '../../../server/reports/settlement-report';
import { reportDay } from '../../../server/reports/settlement-report.schema';
import { parseInput } from '../../../server/validation/parse-input';
import { checkedSessionUser, type SessionClaims } from '../../_auth/session-user';

const noStore = { 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' };
const input = z.object({ date: reportDay, format: z.enum(['csv', 'pdf'], { error: 'must be csv or pdf' }) }).strict();

function refusal(status: 400 | 401 | 403, code: string, message: string, details?: DomainError['details']): Response {
  return Response.json({ error: { code, message, ...(details ? { details } : {}) } }, { status, headers: noStore });
}

/**
 * GET /merchant/settlement-report?date=YYYY-MM-DD&format=csv|pdf (docs/merchant-guide.md, "Balance"):
 * the day's signed settlement report, as GET /api/v1/reports/settlements serves it, for a signed-in
 * merchant user whose role reads statements and exports them.
 */
export async function settlementReportResponse(db: Db, claims: SessionClaims | null, request: Request, readDb: Db = db): Promise<Response> {
  const user = await checkedSessionUser(db, claims);
  if (!user) return refusal(401, 'UNAUTHENTICATED', 'Sign in first.');
  if (user.role !== 'merchant' || !user.merchantId || !user.merchantRole) return refusal(403, 'FORBIDDEN', 'This is for merchant users.');
  if (totpRequiredFor(user.merchantRole) && !user.totpEnrolled) return refusal(403, 'TOTP_REQUIRED', 'Enrol a second factor first.');
  if (!hasMerchantPermission(user.merchantRole, 'statements.read') || !hasMerchantPermission(user.merchantRole, 'exports.create')) {
    return refusal(403, 'FORBIDDEN', 'Your role in this team may not export statements.');
  }
  let query;
  try {
    query = parseInput(input, Object.fromEntries(new URL(request.url).searchParams));
  } catch (error) {
    if (error instanceof DomainError && error.code === 'VALIDATION_FAILED') return refusal(400, 'VALIDATION_FAILED', 'date is YYYY-MM-DD and format is csv or pdf.', error.details);
    throw error;
  }
  const ring = keyring();
  const name = `settlement-report-${query.date}.${query.format}`;
  if (query.format === 'csv') {
    const body = await streamSettlementCsv(readDb, { ring, merchantId: user.merchantId, date: query.date });
    return new Response(body, { status: 200, headers: { ...noStore, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` } });
  }
  const pdf = await settlementPdf(await settlementReportOf(readDb, { ring, merchantId: user.merchantId, date: query.date }));
  const signature = signReportDigest(ring, reportDigest(pdf));
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      ...noStore,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Corridor-Signature-Key-Id': signature.keyId,
      'Corridor-Signature': signature.value,
    },
  });
}
