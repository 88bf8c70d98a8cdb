import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { reusableSql } from '../../db/reusable-query';
import { cachedMerchant, type MerchantRow } from '../merchants/merchant-cache';
import { apiKeyMaterial, type ApiKeyMaterial } from './api-key-material';
import { timingSafeEqualString } from '../crypto/tokens';
import { DomainError } from '../errors';
import { NONCE_PATTERN, TIMESTAMP_TOLERANCE_MS } from './api-request-rules';
import { signRequest } from './request-signature';

export interface ApiRequest {
  method: string;
  pathAndQuery: string;
  apiKey: string | null;
  timestamp: string | null;
  nonce: string | null;
  signature: string | null;
  body: Uint8Array;
  now: Date;
}

export type { MerchantRow };

export type ApiPrincipal =
  | { kind: 'merchant'; apiKeyId: string; merchant: MerchantRow }
  | { kind: 'trader'; apiKeyId: string; traderId: string };

/**
 * Verifies a signed API request (decisions.md section 1) and says who sent it. The checks run
 * cheapest first; the nonce is recorded only once the signature is proven, so nobody can burn
 * another key's nonces. A failure names its code and nothing more.
 */
export async function authenticateApiRequest(db: Db, request: ApiRequest): Promise<ApiPrincipal> {
  const { apiKey, timestamp, nonce, signature } = request;
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
  if (!/^\d{1,16}$/.test(timestamp) || Math.abs(request.now.getTime() - Number(timestamp)) > TIMESTAMP_TOLERANCE_MS) {
    throw new DomainError('TIMESTAMP_OUT_OF_RANGE', 'X-Timestamp must be milliseconds since the epoch, within 300 seconds of server time.');
  }
  if (!NONCE_PATTERN.test(nonce)) {
    throw new DomainError('NONCE_INVALID', 'X-Nonce must be 16 to 64 characters of A-Z, a-z, 0-9, _ and -.');
  }

  const key = await apiKeyMaterial(db, apiKey);
  if (!key) throw new DomainError('INVALID_API_KEY', 'The API key is unknown or revoked.');

  const expected = signRequest(key.secret, { timestamp, nonce, method: request.method, pathAndQuery: request.pathAndQuery, body: request.body });
  if (!timingSafeEqualString(expected, signature)) {
    throw new DomainError('INVALID_SIGNATURE', 'The signature does not match the request.');
  }

  // One statement on the hot path: the nonce is recorded only if the key is live and its owner
  // active, both read from the database now (never from a cache). Zero rows: find out which.
  const recorded = rowsOf<{ id: string }>(
    await recordNonce(db, { nonce, now: request.now.toISOString(), keyId: key.id }),
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
