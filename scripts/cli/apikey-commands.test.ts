import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { commands } from './commands';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rowOf = async (keyId: string) => (await database.db.select().from(apiKeys).where(eq(apiKeys.keyId, keyId)))[0]!;

describe('apikey issue', () => {
  it('a merchant key without limits has every scope (null), as before scopes existed', async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    const { result, text } = await commands['apikey issue']!.run(database.db, { merchant: merchant.merchantId, label: 'ops' });
    const keyId = (result as { keyId: string }).keyId;
    expect(await rowOf(keyId)).toMatchObject({ scopes: null, expiresAt: null, ipAllowlist: null, label: 'ops' });
    expect(text).toContain('every scope');
  });

  it('--scopes, --expires-at and --ip-allowlist limit it; bad values are refused and make no key', async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const { result } = await commands['apikey issue']!.run(database.db, { merchant: merchant.merchantId, scopes: 'payouts:read, balance:read', 'expires-at': expiresAt, 'ip-allowlist': '203.0.113.7,2001:db8::/32' });
    expect(await rowOf((result as { keyId: string }).keyId)).toMatchObject({ scopes: ['payouts:read', 'balance:read'], expiresAt: new Date(expiresAt), ipAllowlist: ['203.0.113.7/32', '2001:db8::/32'] });

    const count = async () => (await database.db.select().from(apiKeys).where(eq(apiKeys.merchantId, merchant.merchantId))).length;
    const before = await count();
    for (const flags of [{ scopes: 'payouts:delete' }, { 'expires-at': '2001-01-01T00:00:00Z' }, { 'ip-allowlist': '10.0.0.0/33' }]) {
      await expect(commands['apikey issue']!.run(database.db, { merchant: merchant.merchantId, ...flags })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await count()).toBe(before);
  });

  it('a trader key takes no scopes', async () => {
    const trader = await traderWithBalance(database.db, '0');
    await expect(commands['apikey issue']!.run(database.db, { trader: trader.traderId, scopes: 'balance:read' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const { result } = await commands['apikey issue']!.run(database.db, { trader: trader.traderId });
    expect((result as { keyId: string }).keyId).toMatch(/^tk_/);
  });
});
