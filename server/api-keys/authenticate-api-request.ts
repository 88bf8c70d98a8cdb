import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { addressAllowed } from './ip-allowlist';
import { noteKeyUse } from './note-key-use';
import { nonceRecords } from './record-nonces';
import { apiKeyScope, type ApiKeyScope } from './scopes';
import { cachedMerchant, type MerchantRow } from './merchant-cache';
import { apiKeyMaterial, type ApiKeyMaterial } from '../auth/api-key-material';
import { timingSafeEqualString } from '../crypto/tokens';
import { DomainError } from '../errors';
import { NONCE_PATTERN, TIMESTAMP_TOLERANCE_MS } from '../auth/api-request-rules';
import { signRequestDigest } from '../auth/request-signature';

/** The signed headers of a request: all that is checked before its body is read. */
export interface ApiRequestHeaders {
  apiKey: string | null;
  timestamp: string | null;
  nonce: string | null;
  signature: string | null;
  now: Date;
}

/** A request whose headers passed: the key it names, and the headers, now known to be present. */
export interface IdentifiedApiRequest {
  key: ApiKeyMaterial;
  timestamp: string;
  nonce: string;
  signature: string;
  now: Date;
}

export type { MerchantRow };

/** The key a request was signed with: its row id, public id, and scopes (null: every scope). */
interface KeyFacts {
  apiKeyId: string;
  keyId: string;
  scopes: readonly ApiKeyScope[] | null;
}

export type ApiPrincipal = KeyFacts & ({ kind: 'merchant'; merchant: MerchantRow } | { kind: 'trader'; traderId: string });

/**
 * A signed API request (docs/api.md, Authentication) is checked in two halves, the REST adapter
 * reading the body only between them. The first half, from the headers alone (docs/security.md): the headers are present, the
 * timestamp is in the window, the nonce is well formed and the key exists and has not expired. Nobody without a live
 * key gets a body read, so an anonymous client cannot make the server buffer or hash megabytes.
 * The checks run cheapest first; a failure names its code and nothing more.
 */
export async function identifyApiRequest(db: Db, headers: ApiRequestHeaders): Promise<IdentifiedApiRequest> {
  const { apiKey, timestamp, nonce, signature } = headers;
  if (!apiKey || !timestamp || !nonce || !signature) {
    const missing = [
      ['X-Api-Key', apiKey],
      ['X-Timestamp', timestamp],
      ['X-Nonce', nonce],
      ['X-Signature', signature],
    ]
      .filter(([, value]) => !value)
      .map(([name]) => name);
    throw new DomainError('AUTH_MISSING', `Missing authentication header: ${missing.join(', ')}.`);
  }
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(headers.now.getTime() - Number(timestamp)) > TIMESTAMP_TOLERANCE_MS) {
    throw new DomainError('TIMESTAMP_OUT_OF_RANGE', 'X-Timestamp must be milliseconds since the epoch, within 300 seconds of server time.');
  }
  if (!NONCE_PATTERN.test(nonce)) {
    throw new DomainError('NONCE_INVALID', 'X-Nonce must be 16 to 64 characters of A-Z, a-z, 0-9, _ and -.');
  }
  const key = await apiKeyMaterial(db, apiKey);
  // An expired key is refused here already, so it never gets a body read either.
  if (!key || (key.expiresAt !== null && key.expiresAt.getTime() <= headers.now.getTime())) {
    throw new DomainError('INVALID_API_KEY', 'The API key is unknown, revoked or expired.');
  }
  return { key, timestamp, nonce, signature, now: headers.now };
}

/**
 * The second half, once the body's hash is known: the signature, then the nonce, then the key's
 * IP allowlist. The nonce is recorded only once the signature is proven, so nobody can burn
 * another key's nonces; the allowlist is checked only for a signed request, so only the key's
 * holder learns that an address is refused, and never which addresses are allowed.
 */
export async function verifyApiRequest(
  db: Db,
  identified: IdentifiedApiRequest,
  request: { method: string; pathAndQuery: string; bodySha256: string; clientAddress: string },
): Promise<ApiPrincipal> {
  const { key, timestamp, nonce, signature } = identified;
  const expected = signRequestDigest(key.secret, { timestamp, nonce, method: request.method, pathAndQuery: request.pathAndQuery, bodySha256: request.bodySha256 });
  if (!timingSafeEqualString(expected, signature)) {
    throw new DomainError('INVALID_SIGNATURE', 'The signature does not match the request.');
  }

  // One statement on the hot path: the nonce is recorded only if the key is live (not revoked, not
  // expired) and its owner active, all read from the database now (never from a cache), and the
  // key's scopes and allowlist come back with it, so a change to them holds from the next request.
  // The requests of one event-loop turn share the statement (./record-nonces.ts). No answer: find out why.
  const live = await nonceRecords(db).submit({ keyId: key.id, nonce, now: identified.now });
  if (!live) return refusalOf(db, key, identified.now);
  const allowlist = textArray(live.ipAllowlist);
  if (allowlist && !addressAllowed(allowlist, request.clientAddress)) {
    throw new DomainError('IP_NOT_ALLOWED', `This API key may not be used from the address ${request.clientAddress}.`);
  }
  noteKeyUse({ db, apiKeyId: key.id, lastUsedAt: live.lastUsedAt === null ? null : new Date(live.lastUsedAt), now: identified.now });
  const scopes = textArray(live.scopes);
  // A scope the code no longer knows grants nothing.
  const known = scopes === null ? null : scopes.filter((scope): scope is ApiKeyScope => apiKeyScope.safeParse(scope).success);
  return principalOf(db, key, known);
}

/** A text[] as the driver hands it: an array (null for SQL null). */
function textArray(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(String);
  throw new Error('api_keys: expected a text[] value');
}

/**
 * Why a signed request's nonce was not recorded: a revoked or expired key (the same answer: both
 * are dead keys), a suspended owner, or a replay.
 */
async function refusalOf(db: Db, key: ApiKeyMaterial, now: Date): Promise<never> {
  const [row] = rowsOf<{ revoked: boolean; merchantStatus: string | null; traderStatus: string | null }>(
    await db.execute(sql`
      select (k.revoked_at is not null or (k.expires_at is not null and k.expires_at <= ${now.toISOString()}::timestamptz)) as revoked,
        m.status as "merchantStatus", t.status as "traderStatus"
      from api_keys k
      left join merchants m on m.id = k.merchant_id
      left join traders t on t.id = k.trader_id
      where k.id = ${key.id}`),
  );
  if (!row || row.revoked) throw new DomainError('INVALID_API_KEY', 'The API key is unknown, revoked or expired.');
  if (key.ownerType === 'merchant' && row.merchantStatus !== 'active') throw new DomainError('MERCHANT_DISABLED', 'This merchant is suspended.');
  if (key.ownerType === 'trader' && row.traderStatus !== 'active') throw new DomainError('INVALID_API_KEY', 'The API key is unknown, revoked or expired.');
  throw new DomainError('NONCE_REPLAYED', 'This nonce was already used with this API key.');
}

async function principalOf(db: Db, key: ApiKeyMaterial, scopes: readonly ApiKeyScope[] | null): Promise<ApiPrincipal> {
  const facts: KeyFacts = { apiKeyId: key.id, keyId: key.keyId, scopes };
  if (key.ownerType === 'merchant' && key.merchantId) {
    const merchant = await cachedMerchant(db, key.merchantId);
    if (!merchant) throw new DomainError('INVALID_API_KEY', 'The API key is unknown, revoked or expired.');
    return { ...facts, kind: 'merchant', merchant };
  }
  if (key.ownerType === 'trader' && key.traderId) return { ...facts, kind: 'trader', traderId: key.traderId };
  throw new DomainError('INVALID_API_KEY', 'The API key is unknown, revoked or expired.');
}
