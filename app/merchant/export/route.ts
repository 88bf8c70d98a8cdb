import { getDatabase } from '../../../db';
import { sessionClaims } from '../../_auth/auth';
import { exportOrdersResponse } from './export-orders-response';

/** GET /merchant/export: the orders' CSV for the signed-in merchant user (export-orders-response.ts). */
export async function GET(request: Request): Promise<Response> {
  return exportOrdersResponse((await getDatabase()).db, await sessionClaims(), request);
}
