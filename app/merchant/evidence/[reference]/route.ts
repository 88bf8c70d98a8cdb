import { getDatabase } from '../../../../db';
import { sessionClaims } from '../../../_auth/auth';
import { uploadEvidenceResponse } from './upload-evidence-response';

/** POST /merchant/evidence/:reference: dispute evidence with images from the order page (upload-evidence-response.ts). */
export async function POST(request: Request, { params }: { params: Promise<{ reference: string }> }): Promise<Response> {
  const { reference } = await params;
  return uploadEvidenceResponse((await getDatabase()).db, await sessionClaims(), request, reference);
}
