import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient } from '../../clients/node/corridor-client';
import { apiKeys, auditLog, payoutOrders } from '../../db/schema';
import { cliActor } from '../../server/audit';
import { adjustBalance } from '../../server/balances/adjust-balance';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../server/api-keys/scopes';
import { apiDatabase, BASE_URL, inProcessFetch } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../fixtures/merchant-team';
import { refusalCode } from '../trpc/refusal-code';
import { callerAs, merchantSession } from '../trpc/trpc-harness';

/**
 * A merchant's developer may manage keys and webhooks, but the role table keeps money for owners:
 * only an owner confirms, disputes or cancels an order. The developer opens the Developers page
 * and mints a key with `payouts:write` (or any scope their role does not use in the console, up to
 * every scope), then creates and confirms payouts with it through the API: a side door around the
 * role table. A person grants only the scopes their role could exercise in the console
 * (docs/merchant-guide.md, "Roles"): every such request is 403 FORBIDDEN and makes no key; what
 * the developer may mint (webhooks:manage, keys:manage) can neither move money nor mint a key
 * that does.
 */
let database: TestDatabase;
let owner: TestMember;
let developer: TestMember;

beforeAll(async () => {
  database = await apiDatabase();
  ({ owner } = await merchantWithOwner(database.db));
  await adjustBalance(database.db, { owner: { type: 'merchant', id: owner.merchantId }, direction: 'credit', amount: '1000', memo: 'test funding' }, cliActor);
  developer = await teamMember(database.db, owner, 'developer');
});
afterAll(async () => {
  await database.close();
});

const as = (member: TestMember) => callerAs(database.db, merchantSession(member));
const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

/** The merchant's keys, key audit entries and payouts: what the side door would add to. */
async function footprint() {
  const keys = await database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.merchantId, owner.merchantId));
  const audit = await database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'apikey.issue'));
  const payouts = await database.db.select({ id: payoutOrders.id }).from(payoutOrders).where(eq(payoutOrders.merchantId, owner.merchantId));
  return { keys: keys.length, audit: audit.length, payouts: payouts.length };
}

const recipient = { holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China' };

describe("a developer mints a key beyond the developer's role", () => {
  it('payouts:write, payins:write, or a scope reading orders, events or the balance: 403 FORBIDDEN, no key made', async () => {
    const before = await footprint();
    const asked: ApiKeyScope[][] = [
      ['payouts:write'],
      ['payouts:read', 'payouts:write'],
      ['webhooks:manage', 'keys:manage', 'payouts:write'],
      ['payins:write'],
      ['payouts:read'],
      ['payins:read'],
      ['events:read'],
      ['balance:read'],
      [...API_KEY_SCOPES],
    ];
    for (const scopes of asked) {
      expect(await refusalCode(as(developer).merchantDevelopers.createKey({ label: 'side door', scopes })), scopes.join(',')).toBe('FORBIDDEN');
    }
    expect(await footprint()).toEqual(before);
  });

  it("what the developer may mint moves no money and mints no key that does", async () => {
    const minted = await as(developer).merchantDevelopers.createKey({ label: 'deploys', scopes: ['webhooks:manage', 'keys:manage'] });
    expect(minted.scopes).toEqual(['webhooks:manage', 'keys:manage']);
    const key = new CorridorClient({ baseUrl: BASE_URL, apiKey: minted.keyId, apiSecret: minted.secret, fetch: inProcessFetch });
    const before = await footprint();

    const payout = await key.createPayout({ merchantOrderNo: 'side-door-1', fiatAmount: '100.00', recipient }, 'side-door-1');
    expect([payout.status, code(payout.body)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const decision = await key.request('POST', '/api/v1/withdrawals/WD-1/decision', { body: { decision: 'CONFIRM' } });
    expect([decision.status, code(decision.body)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    const broader = await key.createApiKey({ scopes: ['payouts:write'] });
    expect([broader.status, code(broader.body)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(await footprint()).toEqual(before);
  });

  it('the owner, whose role decides on orders, still mints a key that does', async () => {
    const minted = await as(owner).merchantDevelopers.createKey({ label: 'payouts', scopes: ['payouts:read', 'payouts:write'] });
    expect(minted.scopes).toEqual(['payouts:read', 'payouts:write']);
  });
});
