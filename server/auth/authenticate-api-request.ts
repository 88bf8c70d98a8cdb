import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { reusableSql } from '../../db/reusable-query';
import { cachedMerchant, type MerchantRow } from '../merchants/merchant-cache';
import { apiKeyMaterial, type ApiKeyMaterial } from './api-key-material';
import { sha256Hex, timingSafeEqualString } from '../crypto/tokens';
import { DomainError } from '../errors';
import { NONCE_PATTERN, TIMESTAMP_TOLERANCE_MS } from './api-request-rules';
import { signRequestDigest } from './request-signature';

/** The signed headers of a request: all that is checked before its body is read. */
export interface ApiRequestHeaders {
  apiKey: string | null;
  timestamp: string | null;
  nonce: string | null;
  signature: string | null;
  now: Date;
}

export interface ApiRequest extends ApiRequestHeaders {
  method: string;
  pathAndQuery: string;
  body: Uint8Array;
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

export type ApiPrincipal =
  | { kind: 'merchant'; apiKeyId: string; merchant: MerchantRow }
  | { kind: 'trader'; apiKeyId: string; traderId: string };

/**
 * Verifies a signed API request (docs/api.md, Authentication) and says who sent it, for a caller
 * that already holds the body. The REST adapter runs the two halves itself, reading the body only
 * between them.
 */
export async function authenticateApiRequest(db: Db, request: ApiRequest): Promise<ApiPrincipal> {
  const identified = await identifyApiRequest(db, request);
  return verifyApiRequest(db, identified, { method: request.method, pathAndQuery: request.pathAndQuery, bodySha256: sha256Hex(request.body) });
}

/**
 * The first half, from the headers alone (docs/security.md): the headers are present, the
 * timestamp is in the window, the nonce is well formed and the key exists. Nobody without a live
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
  if (!key) throw new DomainError('INVALID_API_KEY', 'The API key is unknown or revoked.');
  return { key, timestamp, nonce, signature, now: headers.now };
}

/**
 * The second half, once the body's hash is known: the signature, then the nonce. The nonce is
 * recorded only once the signature is proven, so nobody can burn another key's nonces.
 */
export async function verifyApiRequest(
  db: Db,
  identified: IdentifiedApiRequest,
  request: { method: string; pathAndQuery: string; bodySha256: string },
): Promise<ApiPrincipal> {
  const { key, timestamp, nonce, signature } = identified;
  const expected = signRequestDigest(key.secret, { timestamp, nonce, method: request.method, pathAndQuery: request.pathAndQuery, bodySha256: request.bodySha256 });
  if (!timingSafeEqualString(expected, signature)) {
    throw new DomainError('INVALID_SIGNATURE', 'The signature does not match the request.');
  }

  // One statement on the hot path: the nonce is recorded only if the key is live and its owner
  // active, both read from the database now (never from a cache). Zero rows: find out which.
  const recorded = rowsOf<{ id: string }>(
    await recordNonce(db, { nonce, now: identified.now.toISOString(), keyId: key.id }),
  );
  if (recorded.length === 0) await refusalOf(db, key);
  return principalOf(db, key);
}

// Every signed request runs it: built once (db/reusable-query.ts).
const recordNonce = reusableSql(
  () => sql`
    insert into used_nonces (api_key_id, nonce, created_at)
    select k.id, ${sql.placeholder('nonce')}, ${sql.placeholder('now')}::timestamptz
    from api_keys k
    left join merchants m on m.id = k.merchant_id
    left join traders t on t.id = k.trader_id
    where k.id = ${sql.placeholder('keyId')} and k.revoked_at is null and coalesce(m.status, t.status) = 'active'
    on conflict do nothing
    returning api_key_id as id`,
);

/** Why a signed request's nonce was not recorded: a revoked key, a suspended owner, or a replay. */
async function refusalOf(db: Db, key: ApiKeyMaterial): Promise<never> {
  const [row] = rowsOf<{ revoked: boolean; merchantStatus: string | null; traderStatus: string | null }>(
    await db.execute(sql`
      select k.revoked_at is not null as revoked, m.status as "merchantStatus", t.status as "traderStatus"
      from api_keys k
      left join merchants m on m.id = k.merchant_id
      left join traders t on t.id = k.trader_id
      where k.id = ${key.id}`),
  );
  if (!row || row.revoked) throw new DomainError('INVALID_API_KEY', 'The API key is unknown or revoked.');
  if (key.ownerType === 'merchant' && row.merchantStatus !== 'active') throw new DomainError('MERCHANT_DISABLED', 'This merchant is suspended.');
  if (key.ownerType === 'trader' && row.traderStatus !== 'active') throw new DomainError('INVALID_API_KEY', 'The API key is unknown or revoked.');
  throw new DomainError('NONCE_REPLAYED', 'This nonce was already used with this API key.');
}

async function principalOf(db: Db, key: ApiKeyMaterial): Promise<ApiPrincipal> {
  if (key.ownerType === 'merchant' && key.merchantId) {
    const merchant = await cachedMerchant(db, key.merchantId);
    if (!merchant) throw new DomainError('INVALID_API_KEY', 'The API key is unknown or revoked.');
    return { kind: 'merchant', apiKeyId: key.id, merchant };
  }
  if (key.ownerType === 'trader' && key.traderId) return { kind: 'trader', apiKeyId: key.id, traderId: key.traderId };
  throw new DomainError('INVALID_API_KEY', 'The API key is unknown or revoked.');
}
