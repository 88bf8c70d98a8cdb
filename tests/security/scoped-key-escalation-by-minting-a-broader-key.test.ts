import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient, type ApiKeyCreated } from '../../clients/node/corridor-client';
import { apiKeys } from '../../db/schema';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { API_KEY_SCOPES } from '../../server/api-keys/scopes';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';

/**
 * A merchant hands a narrow key (keys:manage and balance:read, say to a deployment script) to
 * someone who should not move money. With keys:manage they try to mint a key that can
 * (payouts:write), a key with every scope, or a key without scopes (which would be full access),
 * or to revoke the merchant's full-access key so the merchant is locked out. A key grants only
 * scopes it holds and revokes only keys whose scopes it holds: every attempt is 403
 * INSUFFICIENT_SCOPE (or 400 when no scopes are named) and no key is made or revoked.
 */
let database: TestDatabase;
let merchant: TestMerchant;
let narrow: CorridorClient;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  const key = await issueApiKey(database.db, { merchantId: merchant.merchantId }, { scopes: ['keys:manage', 'balance:read'] });
  narrow = new CorridorClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
});
afterAll(async () => {
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;
const liveKeys = async () => (await database.db.select().from(apiKeys).where(eq(apiKeys.merchantId, merchant.merchantId))).filter((key) => !key.revokedAt).length;

describe('a key with keys:manage tries to mint or keep a broader key', () => {
  it('asking for payouts:write, or every scope, is 403 INSUFFICIENT_SCOPE; asking for no scopes is 400; no key is made', async () => {
    const before = await liveKeys();
    for (const scopes of [['payouts:write'], ['balance:read', 'payouts:write'], [...API_KEY_SCOPES]] as const) {
      const response = await narrow.createApiKey({ scopes: [...scopes] });
      expect([response.status, code(response.body)], scopes.join(',')).toEqual([403, 'INSUFFICIENT_SCOPE']);
    }
    for (const body of [{}, { scopes: null }, { scopes: [] }]) {
      const response = await narrow.request('POST', '/api/v1/api-keys', { body });
      expect([response.status, code(response.body)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await liveKeys()).toBe(before);
  });

  it('a key it may mint is no broader than itself, so chaining mints gains nothing', async () => {
    const child = (await narrow.createApiKey({ scopes: ['keys:manage', 'balance:read'] })).body as ApiKeyCreated;
    const childClient = new CorridorClient({ baseUrl: BASE_URL, apiKey: child.keyId, apiSecret: child.secret, fetch: inProcessFetch });
    const grandchild = await childClient.createApiKey({ scopes: ['payouts:write'] });
    expect([grandchild.status, code(grandchild.body)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const payouts = await childClient.listPayouts();
    expect([payouts.status, code(payouts.body)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });

  it("revoking the merchant's full-access key, or a key with a scope it lacks, is 403 and the key keeps working", async () => {
    const payoutsKey = await issueApiKey(database.db, { merchantId: merchant.merchantId }, { scopes: ['payouts:read', 'balance:read'] });
    for (const keyId of [merchant.apiKey, payoutsKey.keyId]) {
      const response = await narrow.revokeApiKey(keyId);
      expect([response.status, code(response.body)], keyId).toEqual([403, 'INSUFFICIENT_SCOPE']);
    }
    expect((await merchant.client.getBalance()).status).toBe(200);
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.keyId, payoutsKey.keyId));
    expect(row!.revokedAt).toBeNull();
  });
});
