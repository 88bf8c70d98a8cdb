import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { proofImages } from '../../db/schema';
import { DomainError } from '../errors';

/** A stored proof image's bytes and type, by its id; a malformed id is as unknown as a missing one. */
export async function loadProofImage(db: Executor, id: string): Promise<{ contentType: string; data: Uint8Array; payoutOrderId: string }> {
  if (!z.uuid().safeParse(id).success) throw new DomainError('NOT_FOUND', 'No such proof image.');
  const [image] = await db
    .select({ contentType: proofImages.contentType, data: proofImages.data, payoutOrderId: proofImages.payoutOrderId })
    .from(proofImages)
    .where(eq(proofImages.id, id));
  if (!image) throw new DomainError('NOT_FOUND', 'No such proof image.');
  return image;
}
