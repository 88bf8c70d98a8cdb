import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { DomainError } from '../errors';

/** Revokes a key by its public id; requests signed with it are refused from then on. */
export async function revokeApiKey(db: Executor, keyId: string, now = new Date()): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.keyId, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw new DomainError('NOT_FOUND', `No active API key ${keyId}.`);
}
