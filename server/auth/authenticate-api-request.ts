import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, merchants, traders, usedNonces } from '../../db/schema';
import { keyring } from '../config/keyring';
import { decryptField } from '../crypto/encryption';
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

export type MerchantRow = typeof merchants.$inferSelect;

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

  const [key] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyId, apiKey), isNull(apiKeys.revokedAt)));
  if (!key) throw new DomainError('INVALID_API_KEY', 'The API key is unknown or revoked.');

  const secret = decryptField(keyring(), 'api-secret', key.secret, { table: 'api_keys', id: key.id, field: 'secret' });
  const expected = signRequest(secret, { timestamp, nonce, method: request.method, pathAndQuery: request.pathAndQuery, body: request.body });
  if (!timingSafeEqualString(expected, signature)) {
    throw new DomainError('INVALID_SIGNATURE', 'The signature does not match the request.');
  }

  const principal = await principalOf(db, key);

  const recorded = await db
    .insert(usedNonces)
    .values({ apiKeyId: key.id, nonce, createdAt: request.now })
    .onConflictDoNothing()
    .returning({ nonce: usedNonces.nonce });
  if (recorded.length === 0) throw new DomainError('NONCE_REPLAYED', 'This nonce was already used with this API key.');
  return principal;
}

async function principalOf(db: Db, key: typeof apiKeys.$inferSelect): Promise<ApiPrincipal> {
  if (key.ownerType === 'merchant' && key.merchantId) {
    const [merchant] = await db.select().from(merchants).where(eq(merchants.id, key.merchantId));
    if (!merchant) throw new DomainError('INVALID_API_KEY', 'The API key is unknown or revoked.');
    if (merchant.status !== 'active') throw new DomainError('MERCHANT_DISABLED', 'This merchant is suspended.');
    return { kind: 'merchant', apiKeyId: key.id, merchant };
  }
  if (key.ownerType === 'trader' && key.traderId) {
    const [trader] = await db.select({ status: traders.status }).from(traders).where(eq(traders.id, key.traderId));
    if (!trader || trader.status !== 'active') throw new DomainError('INVALID_API_KEY', 'The API key is unknown or revoked.');
    return { kind: 'trader', apiKeyId: key.id, traderId: key.traderId };
  }
  throw new DomainError('INVALID_API_KEY', 'The API key is unknown or revoked.');
}
