import { getDatabase } from '../../../../db';
import { auth } from '../../../_auth/auth';
import { loadEvidenceImage } from '../../../../server/disputes/load-evidence-image';
import { isDomainError } from '../../../../server/errors';

const noStore = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

function refusal(status: 401 | 403 | 404, message: string): Response {
  return new Response(message, { status, headers: { ...noStore, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * A dispute evidence image for the operator console, guarded exactly like proof images
 * (app/operator/proofs/[id]/route.ts): only to a signed-in operator with a second factor (anyone
 * else 401/403, an unknown id 404), never cached. Merchants list their evidence without bytes.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const session = await auth();
  const user = session?.user as { id?: string; role?: string; totpEnrolled?: boolean } | undefined;
  if (!user?.id) return refusal(401, 'Sign in first.');
  if (user.role !== 'operator' || !user.totpEnrolled) return refusal(403, 'This is for operators.');
  const { id } = await params;
  try {
    const image = await loadEvidenceImage((await getDatabase()).db, id);
    return new Response(new Uint8Array(image.data), {
      status: 200,
      headers: { ...noStore, 'Content-Type': image.contentType, 'Content-Disposition': 'inline' },
    });
  } catch (error) {
    if (isDomainError(error, 'NOT_FOUND')) return refusal(404, 'No such evidence image.');
    throw error;
  }
}
