import { getDatabase, getReadDatabase } from '../../../db';
import { sessionClaims } from '../../_auth/auth';
import { settlementReportResponse } from './settlement-report-response';

/** GET /merchant/settlement-report: the day's signed settlement report for the signed-in merchant user (settlement-report-response.ts). */
export async function GET(request: Request): Promise<Response> {
  return settlementReportResponse((await getDatabase()).db, await sessionClaims(), request, (await getReadDatabase()).db);
}
