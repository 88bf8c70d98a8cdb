import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { disputeEvidenceFiles } from '../../db/schema';
import { DomainError } from '../errors';

/** A stored evidence image's bytes and type, by its id; a malformed id is as unknown as a missing one. */
export async function loadEvidenceImage(db: Executor, id: string): Promise<{ contentType: string; data: Uint8Array }> {
  if (!z.uuid().safeParse(id).success) throw new DomainError('NOT_FOUND', 'No such evidence image.');
  const [image] = await db
    .select({ contentType: disputeEvidenceFiles.contentType, data: disputeEvidenceFiles.data })
    .from(disputeEvidenceFiles)
    .where(eq(disputeEvidenceFiles.id, id));
  if (!image) throw new DomainError('NOT_FOUND', 'No such evidence image.');
  return image;
}
