import { getDatabase } from '../../../../db';
import { uploadReceiptsResponse } from './upload-receipts-response';

/** POST /pay/:token/receipts: the buyer's transfer screenshots (upload-receipts-response.ts). */
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return uploadReceiptsResponse((await getDatabase()).db, request, token);
}
