import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient, type ApiKeyCreated } from '../../clients/node/corridor-client';
import { apiKeys } from '../../db/schema';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';

/**
 * A merchant gives a contractor a key that ends with the contract and works only from the
 * contractor's office network, with `keys:manage` so they can rotate their own keys. Before the
 * key expires (or from the office, once) the contractor mints a key with no expiry and no
 * allowlist, and keeps using it from anywhere, for ever. A key makes no key broader than itself:
 * the child expires no later than the parent and is allowed only from addresses the parent is
 * (each range inside one of the parent's); asking for more, or for no limit where the parent has
 * one, is 400 VALIDATION_FAILED naming the field, and no key is made.
 */
let database: TestDatabase;
let merchant: TestMerchant;
let contractor: CorridorClient;
let parentExpiry: Date;

/** The office: the parent key's allowlist, and where its requests come from. */
const OFFICE = ['192.0.2.0/24', '2001:db8:5::/48'];
const FROM_OFFICE = { 'x-corridor-client-ip': '192.0.2.10' };

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  parentExpiry = new Date(Date.now() + 3_600_000);
  const key = await issueApiKey(database.db, { merchantId: merchant.merchantId }, { scopes: ['keys:manage', 'balance:read'], expiresAt: parentExpiry, ipAllowlist: OFFICE });
  contractor = new CorridorClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
});
afterAll(async () => {
  await database.close();
});

const error = (body: unknown) => (body as { error?: { code: string; details?: { path: string }[] } }).error;
const keyCount = async () => (await database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.merchantId, merchant.merchantId))).length;
const mint = (body: Record<string, unknown>) => contractor.request<ApiKeyCreated>('POST', '/api/v1/api-keys', { body, headers: FROM_OFFICE });

describe('a key with an expiry and an IP allowlist mints a key that outlives or outreaches it', () => {
  it('no expiry or no allowlist, a later expiry, or a range outside the allowlist: 400 VALIDATION_FAILED naming each field; no key is made', async () => {
    const later = new Date(parentExpiry.getTime() + 1000).toISOString();
    const within = parentExpiry.toISOString();
    const attempts: [Record<string, unknown>, string[]][] = [
      [{ scopes: ['balance:read'] }, ['expiresAt', 'ipAllowlist']],
      [{ scopes: ['balance:read'], ipAllowlist: ['192.0.2.0/24'] }, ['expiresAt']],
      [{ scopes: ['balance:read'], expiresAt: within }, ['ipAllowlist']],
      [{ scopes: ['balance:read'], expiresAt: later, ipAllowlist: ['192.0.2.0/24'] }, ['expiresAt']],
      [{ scopes: ['balance:read'], expiresAt: '2099-01-01T00:00:00Z', ipAllowlist: ['192.0.2.0/24'] }, ['expiresAt']],
      [{ scopes: ['balance:read'], expiresAt: within, ipAllowlist: ['0.0.0.0/0'] }, ['ipAllowlist.0']],
      [{ scopes: ['balance:read'], expiresAt: within, ipAllowlist: ['192.0.2.0/23'] }, ['ipAllowlist.0']],
      [{ scopes: ['balance:read'], expiresAt: within, ipAllowlist: ['192.0.2.0/25', '198.51.100.0/24'] }, ['ipAllowlist.1']],
      [{ scopes: ['balance:read'], expiresAt: within, ipAllowlist: ['::/0'] }, ['ipAllowlist.0']],
      [{ scopes: ['balance:read'], expiresAt: within, ipAllowlist: ['2001:db8::/32'] }, ['ipAllowlist.0']],
    ];
    const before = await keyCount();
    for (const [body, paths] of attempts) {
      const response = await mint(body);
      const refusal = error(response.body);
      expect([response.status, refusal?.code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      expect(refusal?.details?.map((detail) => detail.path), JSON.stringify(body)).toEqual(paths);
    }
    expect(await keyCount()).toBe(before);
  });

  it('a key within every limit is made, and it in turn can mint nothing broader', async () => {
    const response = await mint({ scopes: ['keys:manage', 'balance:read'], expiresAt: parentExpiry.toISOString(), ipAllowlist: ['192.0.2.8/29', '2001:db8:5:1::/64'] });
    expect(response.status).toBe(201);
    const child = response.body as ApiKeyCreated;
    expect(child).toMatchObject({ expiresAt: parentExpiry.toISOString(), ipAllowlist: ['192.0.2.8/29', '2001:db8:5:1::/64'] });

    const childClient = new CorridorClient({ baseUrl: BASE_URL, apiKey: child.keyId, apiSecret: child.secret, fetch: inProcessFetch });
    const grandchild = await childClient.request('POST', '/api/v1/api-keys', {
      body: { scopes: ['balance:read'], expiresAt: parentExpiry.toISOString(), ipAllowlist: ['192.0.2.0/24'] },
      headers: { 'x-corridor-client-ip': '192.0.2.9' },
    });
    expect([grandchild.status, error(grandchild.body)?.code, error(grandchild.body)?.details?.map((detail) => detail.path)]).toEqual([400, 'VALIDATION_FAILED', ['ipAllowlist.0']]);
  });

  it("a key without limits (the merchant's own) still mints keys with any expiry and allowlist, or none", async () => {
    expect((await merchant.client.createApiKey({ scopes: ['balance:read'] })).status).toBe(201);
    expect((await merchant.client.createApiKey({ scopes: ['balance:read'], expiresAt: '2099-01-01T00:00:00Z', ipAllowlist: ['0.0.0.0/0'] })).status).toBe(201);
  });
});
