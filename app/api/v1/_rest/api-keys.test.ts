import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CorridorClient, CorridorTraderClient, type ApiKey, type ApiKeyCreated, type ApiKeyList } from '../../../../clients/node/corridor-client';
import { apiKeys, auditLog } from '../../../../db/schema';
import { issueApiKey } from '../../../../server/api-keys/issue-api-key';
import { forgetKeyUses } from '../../../../server/api-keys/note-key-use';
import { identifyApiRequest } from '../../../../server/api-keys/authenticate-api-request';
import type { ApiKeyScope } from '../../../../server/api-keys/scopes';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { traderWithBalance } from '../../../../tests/fixtures/parties';

let database: TestDatabase;
let merchant: TestMerchant;
let stranger: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  stranger = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;
const detailPaths = (body: unknown) => ((body as { error?: { details?: { path: string }[] } }).error?.details ?? []).map((detail) => detail.path);

function clientFor(key: { keyId: string; secret: string }) {
  return new CorridorClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
}

/** A key of `owner` with these scopes, made directly (as an operator would). */
async function keyOf(owner: TestMerchant, scopes: readonly ApiKeyScope[] | null, extra: { expiresAt?: Date; ipAllowlist?: string[] } = {}) {
  const key = await issueApiKey(database.db, { merchantId: owner.merchantId }, { scopes, ...extra });
  return { ...key, client: clientFor(key) };
}

/** The balance as seen from a client address (the header the server stamps; docs/security.md, "Client addresses"). */
const balanceFrom = (client: CorridorClient, address?: string) =>
  client.request('GET', '/api/v1/balance', { headers: address === undefined ? {} : { 'x-corridor-client-ip': address } });

async function keyCount(owner: TestMerchant): Promise<number> {
  return (await database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.merchantId, owner.merchantId))).length;
}

describe('POST /api/v1/api-keys', () => {
  it('creates a key with scopes, expiry and allowlist; the secret is in this answer only; the key works within them', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const response = await merchant.client.createApiKey({ label: 'reporting', scopes: ['balance:read', 'payouts:read'], expiresAt, ipAllowlist: ['203.0.113.0/24', '2001:db8::/32'] });
    expect(response.status).toBe(201);
    const created = response.body as ApiKeyCreated;
    expect(created).toMatchObject({
      label: 'reporting',
      scopes: ['balance:read', 'payouts:read'],
      expiresAt: new Date(expiresAt).toISOString(),
      ipAllowlist: ['203.0.113.0/24', '2001:db8::/32'],
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.keyId).toMatch(/^mk_/);
    expect(created.secret).toMatch(/^sk_/);

    const key = clientFor(created);
    expect((await balanceFrom(key, '203.0.113.40')).status).toBe(200);
    const listing = await key.request('GET', '/api/v1/withdrawals', { headers: { 'x-corridor-client-ip': '2001:db8::9' } });
    expect(listing.status).toBe(200);
    const payout = await key.request('POST', '/api/v1/withdrawals', { body: {}, headers: { 'x-corridor-client-ip': '203.0.113.40', 'idempotency-key': 'x' } });
    expect([payout.status, code(payout.body)]).toEqual([403, 'INSUFFICIENT_SCOPE']);

    // Only the ciphertext is kept, and no listing shows the secret again.
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.keyId, created.keyId));
    expect(row!.secret).not.toContain(created.secret);
    const list = JSON.stringify((await merchant.client.listApiKeys()).body);
    expect(list).toContain(created.keyId);
    expect(list).not.toContain(created.secret);
    expect(list).not.toContain('"secret"');
  });

  it('is audited with the calling key as the actor, the client address, and never the secret', async () => {
    const response = await merchant.client.request<ApiKeyCreated>('POST', '/api/v1/api-keys', { body: { scopes: ['events:read'] }, headers: { 'x-corridor-client-ip': '198.51.100.23' } });
    const created = response.body as ApiKeyCreated;
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'apikey.issue'), eq(auditLog.targetId, merchant.merchantId)))
      .orderBy(auditLog.id)
      .then((rows) => rows.filter((candidate) => (candidate.details as { keyId?: string }).keyId === created.keyId));
    expect(entry).toMatchObject({ actorType: 'merchant', actorId: merchant.apiKey, ip: '198.51.100.23', targetType: 'merchant' });
    expect(entry!.details).toMatchObject({ keyId: created.keyId, scopes: ['events:read'], expiresAt: null, ipAllowlist: null });
    expect(JSON.stringify(entry)).not.toContain(created.secret);
  });

  it('a scoped key grants only scopes it holds; a full-access key any', async () => {
    const manager = await keyOf(merchant, ['keys:manage', 'balance:read']);
    const before = await keyCount(merchant);
    const escalation = await manager.client.createApiKey({ scopes: ['balance:read', 'payouts:write'] });
    expect([escalation.status, code(escalation.body)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(await keyCount(merchant)).toBe(before);

    expect((await manager.client.createApiKey({ scopes: ['balance:read'] })).status).toBe(201);
    expect((await manager.client.createApiKey({ scopes: ['keys:manage', 'balance:read'] })).status).toBe(201);
    expect((await merchant.client.createApiKey({ scopes: ['payouts:write', 'webhooks:manage', 'keys:manage'] })).status).toBe(201);
  });

  it('refuses input at and past its limits with VALIDATION_FAILED naming the field, and makes no key', async () => {
    const before = await keyCount(merchant);
    const soon = new Date(Date.now() + 120_000).toISOString();
    const fifty = Array.from({ length: 50 }, (_, i) => `10.${i}.0.0/16`);
    const refused: [Record<string, unknown>, string][] = [
      [{ label: 'x'.repeat(101), scopes: ['balance:read'] }, 'label'],
      [{ scopes: [] }, 'scopes'],
      [{}, 'scopes'],
      [{ scopes: ['balance:write'] }, 'scopes.0'],
      [{ scopes: ['trader'] }, 'scopes.0'],
      [{ scopes: ['balance:read'], expiresAt: new Date(Date.now() - 1000).toISOString() }, 'expiresAt'],
      [{ scopes: ['balance:read'], expiresAt: '2030-01-01T00:00:00' }, 'expiresAt'],
      [{ scopes: ['balance:read'], expiresAt: '+010000-01-01T00:00:00Z' }, 'expiresAt'],
      [{ scopes: ['balance:read'], ipAllowlist: [...fifty, '10.200.0.0/16'] }, 'ipAllowlist'],
      [{ scopes: ['balance:read'], ipAllowlist: [] }, 'ipAllowlist'],
      [{ scopes: ['balance:read'], ipAllowlist: ['10.0.0.0/8', '10.0.0.0/33'] }, 'ipAllowlist.1'],
      [{ scopes: ['balance:read'], ipAllowlist: ['example.com'] }, 'ipAllowlist.0'],
      [{ scopes: ['balance:read'], label: 'tab\u0000nul' }, 'label'],
      [{ scopes: ['balance:read'], merchantId: stranger.merchantId }, ''],
    ];
    for (const [body, path] of refused) {
      const response = await merchant.client.request('POST', '/api/v1/api-keys', { body });
      expect([response.status, code(response.body)], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
      if (path) expect(detailPaths(response.body), JSON.stringify(body)).toContain(path);
    }
    expect(await keyCount(merchant)).toBe(before);

    const atLimits = await merchant.client.createApiKey({ label: 'y'.repeat(100), scopes: ['balance:read', 'balance:read'], expiresAt: soon, ipAllowlist: fifty });
    expect(atLimits.status).toBe(201);
    expect(atLimits.body).toMatchObject({ scopes: ['balance:read'], ipAllowlist: fifty });
  });

  it('another merchant\'s new key belongs to that merchant only', async () => {
    const created = (await stranger.client.createApiKey({ scopes: ['balance:read'] })).body as ApiKeyCreated;
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.keyId, created.keyId));
    expect(row!.merchantId).toBe(stranger.merchantId);
    const balance = await clientFor(created).getBalance();
    expect(balance.body).toMatchObject({ available: '10000.000000' });
  });
});

describe('GET /api/v1/api-keys', () => {
  it('lists every key of the merchant, newest first, revoked ones included, and none of another merchant', async () => {
    const owner = await apiMerchant(database.db);
    const second = await keyOf(owner, ['balance:read']);
    await owner.client.revokeApiKey(second.keyId);
    const response = await owner.client.listApiKeys();
    expect(response.status).toBe(200);
    const items = (response.body as ApiKeyList).items;
    expect(items.map((item) => item.keyId)).toEqual([second.keyId, owner.apiKey]);
    expect(items[0]).toMatchObject({ scopes: ['balance:read'], revokedAt: expect.any(String) });
    expect(items[1]).toMatchObject({ keyId: owner.apiKey, scopes: null, revokedAt: null, expiresAt: null, ipAllowlist: null });

    const theirs = ((await stranger.client.listApiKeys()).body as ApiKeyList).items.map((item) => item.keyId);
    expect(theirs).toContain(stranger.apiKey);
    expect(theirs).not.toContain(owner.apiKey);
    expect(theirs).not.toContain(second.keyId);
  });

  it('refuses a parameter it does not take', async () => {
    const response = await merchant.client.request('GET', '/api/v1/api-keys', { query: { limit: 5 } });
    expect([response.status, code(response.body)]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('POST /api/v1/api-keys/:keyId/revoke', () => {
  it('revokes: the key answers 401 INVALID_API_KEY afterwards; revoking again answers the same, audited once', async () => {
    const target = await keyOf(merchant, ['balance:read']);
    expect((await target.client.getBalance()).status).toBe(200);
    const first = await merchant.client.revokeApiKey(target.keyId);
    expect(first.status).toBe(200);
    const revoked = first.body as ApiKey;
    expect(revoked).toMatchObject({ keyId: target.keyId, revokedAt: expect.any(String) });

    const after = await target.client.getBalance();
    expect([after.status, code(after.body)]).toEqual([401, 'INVALID_API_KEY']);

    const again = await merchant.client.revokeApiKey(target.keyId);
    expect([again.status, (again.body as ApiKey).revokedAt]).toEqual([200, revoked.revokedAt]);
    const entries = (await database.db.select().from(auditLog).where(eq(auditLog.action, 'apikey.revoke'))).filter(
      (entry) => (entry.details as { keyId?: string }).keyId === target.keyId,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: 'merchant', actorId: merchant.apiKey });
  });

  it('two revocations at once: both answer the one revocation, audited once', async () => {
    const target = await keyOf(merchant, ['balance:read']);
    const [a, b] = await Promise.all([merchant.client.revokeApiKey(target.keyId), merchant.client.revokeApiKey(target.keyId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((a.body as ApiKey).revokedAt).toBe((b.body as ApiKey).revokedAt);
    const entries = (await database.db.select().from(auditLog).where(eq(auditLog.action, 'apikey.revoke'))).filter(
      (entry) => (entry.details as { keyId?: string }).keyId === target.keyId,
    );
    expect(entries).toHaveLength(1);
  });

  it("another merchant's key is 404 NOT_FOUND, like a missing one, and keeps working", async () => {
    const theirs = await keyOf(stranger, ['balance:read']);
    for (const keyId of [theirs.keyId, 'mk_doesnotexist']) {
      const response = await merchant.client.revokeApiKey(keyId);
      expect([response.status, code(response.body)]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await theirs.client.getBalance()).status).toBe(200);
  });

  it('a key id that is not one is 400 VALIDATION_FAILED', async () => {
    for (const keyId of ['has space', 'x'.repeat(101), 'dot.ted']) {
      const response = await merchant.client.request('POST', `/api/v1/api-keys/${encodeURIComponent(keyId)}/revoke`);
      expect([response.status, code(response.body)], keyId).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('a key may revoke itself; it is refused from its next request', async () => {
    const self = await keyOf(merchant, ['keys:manage', 'balance:read']);
    expect((await self.client.revokeApiKey(self.keyId)).status).toBe(200);
    const next = await self.client.listApiKeys();
    expect([next.status, code(next.body)]).toEqual([401, 'INVALID_API_KEY']);
  });
});

describe('expiry', () => {
  it('a key past its expiresAt is refused like a revoked one (401 INVALID_API_KEY)', async () => {
    const key = await keyOf(merchant, ['balance:read'], { expiresAt: new Date(Date.now() + 60_000) });
    expect((await key.client.getBalance()).status).toBe(200);
    // Time passes: the expiry is now behind us.
    await database.db.update(apiKeys).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(apiKeys.keyId, key.keyId));
    const response = await key.client.getBalance();
    expect([response.status, code(response.body)]).toEqual([401, 'INVALID_API_KEY']);
  });

  it('a key already expired at its first use is refused from its headers, before its body is read', async () => {
    const key = await keyOf(merchant, ['payouts:write'], { expiresAt: new Date(Date.now() - 1000) });
    const response = await key.client.request('POST', '/api/v1/withdrawals', { body: { padding: 'x'.repeat(1000) }, headers: { 'idempotency-key': 'expired' } });
    expect([response.status, code(response.body)]).toEqual([401, 'INVALID_API_KEY']);
    // The refusal comes from the headers alone, the half of authentication that runs before any body is read.
    const headers = { apiKey: key.keyId, timestamp: String(Date.now()), nonce: 'expired-key-nonce-0001', signature: 'x', now: new Date() };
    await expect(identifyApiRequest(database.db, headers)).rejects.toMatchObject({ code: 'INVALID_API_KEY' });
  });
});

describe('IP allowlist', () => {
  it('from inside: answered; from outside: 403 IP_NOT_ALLOWED, without naming the ranges; IPv4-mapped addresses match IPv4 ranges', async () => {
    const key = await keyOf(merchant, ['balance:read'], { ipAllowlist: ['192.0.2.0/28', '2001:db8:aa::/48'] });
    for (const inside of ['192.0.2.1', '192.0.2.15', '::ffff:192.0.2.7', '2001:db8:aa::1']) {
      expect((await balanceFrom(key.client, inside)).status, inside).toBe(200);
    }
    for (const outside of ['192.0.2.16', '198.51.100.1', '2001:db8:ab::1', 'unknown']) {
      const response = await balanceFrom(key.client, outside);
      expect([response.status, code(response.body)], outside).toEqual([403, 'IP_NOT_ALLOWED']);
      const text = JSON.stringify(response.body);
      expect(text).not.toContain('192.0.2.0');
      expect(text).not.toContain('2001:db8:aa');
    }
    // No stamped address at all (e.g. next dev): an allowlisted key fails closed.
    const bare = await balanceFrom(key.client);
    expect([bare.status, code(bare.body)]).toEqual([403, 'IP_NOT_ALLOWED']);
  });

  it('a trader key with an allowlist is held to it too', async () => {
    const trader = await traderWithBalance(database.db, '0');
    const key = await issueApiKey(database.db, { traderId: trader.traderId }, { ipAllowlist: ['192.0.2.0/24'] });
    const bot = new CorridorTraderClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
    expect((await bot.request('GET', '/api/v1/trader/tasks', { headers: { 'x-corridor-client-ip': '192.0.2.8' } })).status).toBe(200);
    const outside = await bot.request('GET', '/api/v1/trader/tasks', { headers: { 'x-corridor-client-ip': '198.51.100.8' } });
    expect([outside.status, code(outside.body)]).toEqual([403, 'IP_NOT_ALLOWED']);
  });

  it('a key without an allowlist is answered from anywhere', async () => {
    const key = await keyOf(merchant, ['balance:read']);
    expect((await balanceFrom(key.client, '198.51.100.1')).status).toBe(200);
    expect((await balanceFrom(key.client)).status).toBe(200);
  });
});

describe('lastUsedAt', () => {
  const lastUsedOf = async (keyId: string) => (await database.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.keyId, keyId)))[0]!.at;

  it('is written after a request, then at most once a minute', async () => {
    const key = await keyOf(merchant, ['balance:read']);
    expect(await lastUsedOf(key.keyId)).toBeNull();
    expect((await key.client.getBalance()).status).toBe(200);
    // The write is not on the request's path: it lands just after.
    await vi.waitFor(async () => expect(await lastUsedOf(key.keyId)).not.toBeNull(), { timeout: 5000 });
    const first = await lastUsedOf(key.keyId);

    forgetKeyUses();
    for (let i = 0; i < 3; i += 1) expect((await key.client.getBalance()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lastUsedOf(key.keyId)).toEqual(first);

    // A minute later (the stored time moved back instead), the next request writes it again.
    await database.db.update(apiKeys).set({ lastUsedAt: new Date(Date.now() - 120_000) }).where(eq(apiKeys.keyId, key.keyId));
    forgetKeyUses();
    expect((await key.client.getBalance()).status).toBe(200);
    await vi.waitFor(async () => expect((await lastUsedOf(key.keyId))!.getTime()).toBeGreaterThan(Date.now() - 60_000), { timeout: 5000 });

    const listed = ((await merchant.client.listApiKeys()).body as ApiKeyList).items.find((item) => item.keyId === key.keyId);
    expect(listed?.lastUsedAt).toBe((await lastUsedOf(key.keyId))!.toISOString());
  });

  it('a refused request does not count as a use', async () => {
    const key = await keyOf(merchant, ['balance:read'], { ipAllowlist: ['192.0.2.0/24'] });
    expect((await balanceFrom(key.client, '198.51.100.1')).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await lastUsedOf(key.keyId)).toBeNull();
  });
});
