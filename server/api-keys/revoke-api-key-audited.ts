import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { parseInput } from '../validation/parse-input';
import { revokeApiKey } from './revoke-api-key';

export const revokeApiKeyInput = z.object({ keyId: z.string().trim().min(1).max(100) }).strict();

/** An operator revokes an API key by its public id: signed requests with it get 401 from then on. Audited. */
export async function revokeApiKeyAudited(db: Db, rawInput: z.input<typeof revokeApiKeyInput>, actor: AuditActorRef): Promise<void> {
  const input = parseInput(revokeApiKeyInput, rawInput);
  await db.transaction(async (tx) => {
    await revokeApiKey(tx, input.keyId);
    const [key] = await tx.select({ merchantId: apiKeys.merchantId, traderId: apiKeys.traderId }).from(apiKeys).where(eq(apiKeys.keyId, input.keyId));
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'apikey.revoke',
      targetType: key?.merchantId ? 'merchant' : 'trader',
      targetId: key?.merchantId ?? key?.traderId ?? null,
      details: { keyId: input.keyId },
    });
  });
}
