import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { apiKeys, merchants, type MerchantRole } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError, type ErrorDetail } from '../errors';
import { parseInput } from '../validation/parse-input';
import { issueMerchantApiKeyInput, type ApiKeyView } from './api-key.schema';
import { apiKeyViewOf } from './api-key-view';
import { grantableScopes } from './grantable-scopes';
import { rangesOutside } from './ip-allowlist';
import { issueApiKey, type IssuedApiKey } from './issue-api-key';
import { API_KEY_SCOPES, missingScopes, storedScopes } from './scopes';

export { issueMerchantApiKeyInput };

/**
 * Who asks for the key, which bounds what it may be (docs/security.md, "API keys"). Absent: an
 * operator or the CLI, who may issue any key.
 */
type ApiKeyGrantor =
  /** A merchant user in the console: the key holds only scopes their role could use there (grantable-scopes.ts). */
  | { kind: 'member'; role: MerchantRole }
  /**
   * One of the merchant's keys (POST /api/v1/api-keys), by its row id: the new key is no broader
   * than it in scopes, expiry or IP allowlist.
   */
  | { kind: 'key'; apiKeyId: string };

interface IssueMerchantApiKeyContext {
  grantor?: ApiKeyGrantor;
  now?: Date;
}

type Input = z.output<typeof issueMerchantApiKeyInput>;

type IssueMerchantApiKeyOptions = z.input<typeof issueMerchantApiKeyInput> & {
  actor: AuditActorRef;
  context?: IssueMerchantApiKeyContext;
};

/**
 * Issues a merchant another API key, for an operator (console, CLI), a merchant user (console) or
 * the merchant's own key (POST /api/v1/api-keys). Without scopes the key has every scope. The
 * secret is in the result only, shown once. Audited, never with the secret.
 */
export async function issueMerchantApiKey(
  db: Db,
  { actor, context = {}, ...rawInput }: IssueMerchantApiKeyOptions,
): Promise<IssuedApiKey & { view: ApiKeyView }> {
  const input = parseInput(issueMerchantApiKeyInput, rawInput);
  const now = context.now ?? new Date();
  const expiresAt = input.expiresAt === undefined ? null : new Date(input.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', { details: [{ path: 'expiresAt', message: 'must be in the future' }] });
  }
  if (context.grantor?.kind === 'member') refuseBeyondRole(input, context.grantor.role);
  return db.transaction(async (tx) => {
    const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, input.merchantId));
    if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
    if (context.grantor?.kind === 'key') await refuseBeyondParent(tx, input, expiresAt, context.grantor.apiKeyId);
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

/**
 * A person grants only scopes their role could use in the console (docs/merchant-guide.md,
 * "Roles"): otherwise a developer could mint `payouts:write` and move money the role table keeps
 * for owners. No scopes means every scope, so only a role that may grant them all may ask for it.
 */
function refuseBeyondRole(input: Input, role: MerchantRole): void {
  const missing = missingScopes(grantableScopes(role), input.scopes ?? API_KEY_SCOPES);
  if (missing.length > 0) {
    throw new DomainError('FORBIDDEN', `Your role in this team may not grant ${missing.join(', ')}: a key holds only what your role may do in the console.`);
  }
}

/**
 * A key makes no key broader than itself (docs/api.md, "API keys and scopes"): a child holds only
 * scopes the parent holds, expires no later than it, and is allowed only from addresses the
 * parent is allowed from; a child without an expiry or an allowlist would have neither limit, so
 * it is refused when the parent has one. The parent's limits are read from its row (they never
 * change); the scopes are refused first (403), then the limits, all in one 400 naming each field.
 */
async function refuseBeyondParent(tx: Tx, input: Input, expiresAt: Date | null, apiKeyId: string): Promise<void> {
  const [parent] = await tx
    .select({ scopes: apiKeys.scopes, expiresAt: apiKeys.expiresAt, ipAllowlist: apiKeys.ipAllowlist })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.merchantId, input.merchantId)));
  if (!parent) throw new DomainError('INVALID_API_KEY', 'The API key is unknown, revoked or expired.');
  const parentScopes = storedScopes(parent.scopes);
  // A key that could mint a broader key would hold every scope in effect.
  const missing = missingScopes(parentScopes, input.scopes ?? []);
  if (missing.length > 0 || (input.scopes === undefined && parentScopes !== null)) {
    throw new DomainError('INSUFFICIENT_SCOPE', `This API key may not grant ${missing.length > 0 ? missing.join(', ') : 'every scope'}: a key grants only scopes it holds.`);
  }
  const details: ErrorDetail[] = [];
  if (parent.expiresAt !== null) {
    const until = parent.expiresAt.toISOString();
    if (expiresAt === null) details.push({ path: 'expiresAt', message: `is required: this API key expires at ${until}, and a key it makes may not outlive it` });
    else if (expiresAt.getTime() > parent.expiresAt.getTime()) details.push({ path: 'expiresAt', message: `must be no later than ${until}, when this API key expires` });
  }
  if (parent.ipAllowlist !== null) {
    if (!input.ipAllowlist) {
      details.push({ path: 'ipAllowlist', message: 'is required: this API key has an IP allowlist, and a key it makes may be used only from addresses it allows' });
    } else {
      for (const index of rangesOutside(input.ipAllowlist, parent.ipAllowlist)) {
        details.push({ path: `ipAllowlist.${index}`, message: "must lie within one of this API key's own ranges" });
      }
    }
  }
  if (details.length > 0) {
    throw new DomainError('VALIDATION_FAILED', 'A key may not outlive the key that makes it, or be allowed from an address it is not.', { details });
  }
}
