import { getDatabase, getReadDatabase } from '../../../db';
import { sessionClaims } from '../../_auth/auth';
import { statementExportResponse } from './statement-export-response';

/** GET /merchant/statement-export: the statement's CSV for the signed-in merchant user (statement-export-response.ts). */
export async function GET(request: Request): Promise<Response> {
  // The session is checked on the primary; the statement is read off it (docs/deploy.md, "Reads off the primary").
  return statementExportResponse((await getDatabase()).db, await sessionClaims(), request, (await getReadDatabase()).db);
}
