import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import type { ApiKeyView } from './api-key.schema';
import { apiKeyViewOf } from './api-key-view';
import { effectiveScopes, missingScopes, type ApiKeyScope } from './scopes';

/**
 * A merchant's key revokes one of the merchant's keys (POST /api/v1/api-keys/:keyId/revoke):
 * requests signed with it are refused with 401 INVALID_API_KEY from then on. Another merchant's
 * key is NOT_FOUND, like a missing one. A key may revoke only keys whose scopes it holds itself,
 * so a narrow key cannot take a broader one away. Revoking a revoked key changes nothing and
 * answers the same (a retry is safe); the first revocation is audited.
 */
export async function revokeMerchantApiKey(
  db: Db,
  options: { merchantId: string; keyId: string; grantorScopes: readonly ApiKeyScope[] | null; now: Date },
  actor: AuditActorRef,
): Promise<ApiKeyView> {
  return db.transaction(async (tx) => {
    const [key] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.keyId, options.keyId), eq(apiKeys.merchantId, options.merchantId)))
      .for('update');
    if (!key) throw new DomainError('NOT_FOUND', 'No such API key.');
    const missing = missingScopes(options.grantorScopes, effectiveScopes(key.scopes as ApiKeyScope[] | null));
    if (missing.length > 0) {
      throw new DomainError('INSUFFICIENT_SCOPE', `This API key may not revoke a key holding ${missing.join(', ')}: it lacks ${missing.length > 1 ? 'them' : 'it'} itself.`);
    }
    if (key.revokedAt) return apiKeyViewOf(key);
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: options.now }).where(eq(apiKeys.id, key.id)).returning();
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'apikey.revoke',
      targetType: 'merchant',
      targetId: options.merchantId,
      details: { keyId: options.keyId },
    });
    return apiKeyViewOf(revoked!);
  });
}
