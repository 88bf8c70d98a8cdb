import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { encryptField } from '../crypto/encryption';
import { randomToken } from '../crypto/tokens';
import { keyring } from '../config/keyring';
import type { ApiKeyScope } from './scopes';

export type ApiKeyOwnerRef = { merchantId: string } | { traderId: string };

export interface IssuedApiKey {
  id: string;
  keyId: string;
  /** Shown once: only its ciphertext is stored. */
  secret: string;
}

/**
 * Issues an API key. The secret is encrypted rather than hashed because verifying an HMAC
 * signature needs the secret itself; the AAD binds the ciphertext to this row.
 */
export async function issueApiKey(
  db: Executor,
  owner: ApiKeyOwnerRef,
  options: {
    label?: string;
    preset?: { keyId: string; secret: string };
    /** Null or absent: every scope (docs/api.md, "API keys and scopes"). */
    scopes?: readonly ApiKeyScope[] | null;
    expiresAt?: Date | null;
    /** Canonical CIDR ranges (ip-allowlist.ts); null or absent: any address. */
    ipAllowlist?: readonly string[] | null;
  } = {},
): Promise<IssuedApiKey> {
  const prefix = 'merchantId' in owner ? 'mk' : 'tk';
  const keyId = options.preset?.keyId ?? `${prefix}_${randomToken(16)}`;
  const secret = options.preset?.secret ?? `sk_${randomToken(32)}`;
  const id = randomUUID();
  await db.insert(apiKeys).values({
    id,
    keyId,
    ownerType: 'merchantId' in owner ? 'merchant' : 'trader',
    merchantId: 'merchantId' in owner ? owner.merchantId : null,
    traderId: 'traderId' in owner ? owner.traderId : null,
    secret: encryptField(keyring(), 'api-secret', secret, { table: 'api_keys', id, field: 'secret' }),
    label: options.label ?? '',
    scopes: options.scopes ? [...options.scopes] : null,
    expiresAt: options.expiresAt ?? null,
    ipAllowlist: options.ipAllowlist ? [...options.ipAllowlist] : null,
  });
  return { id, keyId, secret };
}
