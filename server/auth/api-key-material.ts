import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { keyring } from '../config/keyring';
import { decryptField } from '../crypto/encryption';

export interface ApiKeyMaterial {
  id: string;
  /** The public id the client sends in X-Api-Key. */
  keyId: string;
  secret: string;
  ownerType: 'merchant' | 'trader';
  merchantId: string | null;
  traderId: string | null;
  /** Set at creation and never changed; the database check on every request is the one that counts. */
  expiresAt: Date | null;
}

const MAX_ENTRIES = 10_000;
const material = new Map<string, ApiKeyMaterial>();

/**
 * The never-changing part of an API key (its secret and owner), decrypted once per process. A
 * key's secret cannot change (a new secret is a new key), so this needs no expiry; whether the
 * key is revoked or expired, its owner suspended, and its scopes and IP allowlist are read from
 * the database on every request (server/api-keys/authenticate-api-request.ts), never from here.
 */
export async function apiKeyMaterial(db: Executor, keyId: string): Promise<ApiKeyMaterial | undefined> {
  const cached = material.get(keyId);
  if (cached) return cached;
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.keyId, keyId));
  if (!key || key.revokedAt) return undefined;
  const loaded: ApiKeyMaterial = {
    id: key.id,
    keyId: key.keyId,
    secret: decryptField(keyring(), 'api-secret', key.secret, { table: 'api_keys', id: key.id, field: 'secret' }),
    ownerType: key.ownerType as ApiKeyMaterial['ownerType'],
    merchantId: key.merchantId,
    traderId: key.traderId,
    expiresAt: key.expiresAt,
  };
  if (material.size >= MAX_ENTRIES) material.delete(material.keys().next().value as string);
  material.set(keyId, loaded);
  return loaded;
}
