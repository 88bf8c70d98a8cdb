import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { apiKeys, merchants } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { issueMerchantApiKeyInput, type ApiKeyView } from './api-key.schema';
import { apiKeyViewOf } from './api-key-view';
import { issueApiKey, type IssuedApiKey } from './issue-api-key';
import { missingScopes, type ApiKeyScope } from './scopes';

export { issueMerchantApiKeyInput };

export interface IssueMerchantApiKeyContext {
  /**
   * The scopes of the API key asking (docs/api.md, "API keys and scopes"): the new key may not
   * hold a scope it lacks. Absent for an operator or the CLI, who may issue any key.
   */
  grantorScopes?: readonly ApiKeyScope[] | null;
  now?: Date;
}

/**
 * Issues a merchant another API key, for an operator (console, CLI) or the merchant's own key
 * (POST /api/v1/api-keys). Without scopes the key has every scope. The secret is in the result
 * only, shown once. Audited, never with the secret.
 */
export async function issueMerchantApiKey(
  db: Db,
  rawInput: z.input<typeof issueMerchantApiKeyInput>,
  actor: AuditActorRef,
  context: IssueMerchantApiKeyContext = {},
): Promise<IssuedApiKey & { view: ApiKeyView }> {
  const input = parseInput(issueMerchantApiKeyInput, rawInput);
  const now = context.now ?? new Date();
  const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', { details: [{ path: 'expiresAt', message: 'must be in the future' }] });
  }
  if (context.grantorScopes !== undefined) {
    // A key that could mint a broader key would hold every scope in effect.
    const missing = missingScopes(context.grantorScopes, input.scopes ?? []);
    if (missing.length > 0 || (input.scopes === undefined && context.grantorScopes !== null)) {
      throw new DomainError('INSUFFICIENT_SCOPE', `This API key may not grant ${missing.length > 0 ? missing.join(', ') : 'every scope'}: a key grants only scopes it holds.`);
    }
  }
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId));
    if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
    const key = await issueApiKey(tx, { merchantId: input.merchantId }, { label: input.label, scopes: input.scopes ?? null, expiresAt, ipAllowlist: input.ipAllowlist ?? null });
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'apikey.issue',
      targetType: 'merchant',
      targetId: input.merchantId,
      details: { keyId: key.keyId, label: input.label, scopes: input.scopes ?? null, expiresAt: expiresAt?.toISOString() ?? null, ipAllowlist: input.ipAllowlist ?? null },
    });
    return { ...key, view: apiKeyViewOf(row!) };
  });
}
