import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { insertApiRequestRows } from '../../../server/api-request-log/insert-api-request-rows';
import { issueMerchantApiKey } from '../../../server/api-keys/issue-merchant-api-key';
import { cliActor } from '../../../server/audit';
import { sendTestEvent } from '../../../server/webhooks/send-test-event';
import { setWebhookEndpoint } from '../../../server/webhooks/set-webhook-endpoint';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { refusalCode, refusalsOf, refusedAll } from '../../../tests/trpc/refusal-code';
import { callerAs, merchantSession, signedInOperator, signedInTrader } from '../../../tests/trpc/trpc-harness';
import { appRouter } from '../root';

type Caller = ReturnType<typeof callerAs>;

let database: TestDatabase;
let owner: TestMember;
let developer: TestMember;
let finance: TestMember;
let support: TestMember;
/** The owner's merchant's own key and delivery, for the calls that would work. */
let ownKeyId: string;
let ownDeliveryId: string;
/** Another merchant's key and delivery: what an intruder aims at. */
let otherKeyId: string;
let otherDeliveryId: string;
let calls: Record<string, (caller: Caller) => Promise<unknown>>;

const developerCalls = (name: string) => name.startsWith('merchantDevelopers.');
const balanceCalls = (name: string) => name.startsWith('merchantBalance.');

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  ({ owner } = await merchantWithOwner(db));
  developer = await teamMember(db, owner, 'developer');
  finance = await teamMember(db, owner, 'finance');
  support = await teamMember(db, owner, 'support');
  ownKeyId = (await issueMerchantApiKey(db, { merchantId: owner.merchantId, label: 'own', scopes: ['balance:read'], actor: cliActor })).keyId;
  await setWebhookEndpoint(db, { merchantId: owner.merchantId, url: 'https://own.example/hooks', actor: cliActor });
  ownDeliveryId = (await sendTestEvent({ db, merchantId: owner.merchantId, actor: cliActor })).deliveryId;
  const { owner: otherOwner } = await merchantWithOwner(db);
  otherKeyId = (await issueMerchantApiKey(db, { merchantId: otherOwner.merchantId, label: 'theirs', actor: cliActor })).keyId;
  await setWebhookEndpoint(db, { merchantId: otherOwner.merchantId, url: 'https://other.example/hooks', actor: cliActor });
  otherDeliveryId = (await sendTestEvent({ db, merchantId: otherOwner.merchantId, actor: cliActor })).deliveryId;
  const logged = { method: 'GET', status: 200, latencyMs: 3, createdAt: new Date() };
  await insertApiRequestRows(db, [
    { ...logged, merchantId: owner.merchantId, apiKeyId: null, route: 'balance', requestId: 'req_own_call' },
    { ...logged, merchantId: otherOwner.merchantId, apiKeyId: null, route: 'withdrawals/:orderNo', requestId: 'req_other_call' },
  ]);

  // Every procedure of the two routers, with input that would work for the owner.
  calls = {
    'merchantDevelopers.listKeys': (c) => c.merchantDevelopers.listKeys({}),
    'merchantDevelopers.createKey': (c) => c.merchantDevelopers.createKey({ label: 'intruder', scopes: ['payouts:write'] }),
    'merchantDevelopers.revokeKey': (c) => c.merchantDevelopers.revokeKey({ keyId: ownKeyId }),
    'merchantDevelopers.endpoint': (c) => c.merchantDevelopers.endpoint({}),
    'merchantDevelopers.setEndpoint': (c) => c.merchantDevelopers.setEndpoint({ url: 'https://intruder.example/hooks' }),
    'merchantDevelopers.clearEndpoint': (c) => c.merchantDevelopers.clearEndpoint({}),
    'merchantDevelopers.rotateSecret': (c) => c.merchantDevelopers.rotateSecret({ overlapSeconds: 0 }),
    'merchantDevelopers.sendTest': (c) => c.merchantDevelopers.sendTest({}),
    'merchantDevelopers.deliveries': (c) => c.merchantDevelopers.deliveries({}),
    'merchantDevelopers.delivery': (c) => c.merchantDevelopers.delivery({ deliveryId: ownDeliveryId }),
    'merchantDevelopers.resend': (c) => c.merchantDevelopers.resend({ deliveryId: ownDeliveryId }),
    'merchantDevelopers.requests': (c) => c.merchantDevelopers.requests({ statusClass: '4xx' }),
    'merchantBalance.balance': (c) => c.merchantBalance.balance({}),
    'merchantBalance.statement': (c) => c.merchantBalance.statement({}),
    'merchantBalance.periodStatement': (c) => c.merchantBalance.periodStatement({}),
    'merchantBalance.settlementReport': (c) => c.merchantBalance.settlementReport({ date: '2026-01-01' }),
  };
});
afterAll(async () => {
  await database.close();
});

/** What any of these procedures could change, as one comparable value. */
async function state() {
  const [row] = rowsOf<Record<string, string>>(
    await database.db.execute(sql`
      select (select count(*) from audit_log)::text as audit,
             (select string_agg(key_id || ':' || coalesce(revoked_at::text, '-'), ',' order by key_id) from api_keys) as keys,
             (select string_agg(id || ':' || coalesce(webhook_url, '-') || ':' || coalesce(webhook_secret, '-') || ':' || coalesce(webhook_previous_secret, '-'), ',' order by id) from merchants) as endpoints,
             (select count(*) from webhook_deliveries)::text as deliveries`),
  );
  return row;
}

const as = (member: TestMember, totpEnrolled = true) => callerAs(database.db, merchantSession(member, totpEnrolled));

const everyCall = (caller: Caller, only?: (name: string) => boolean) => refusalsOf(calls, caller, only);
const all = refusedAll;
const names = (only: (name: string) => boolean) => Object.keys(calls).filter(only);

describe('the Developers and Balance procedures refuse everyone but a merchant user whose role allows them', () => {
  it('covers every procedure of the two routers', () => {
    const procedures = Object.keys(appRouter._def.procedures).filter((name) => developerCalls(name) || balanceCalls(name));
    expect(Object.keys(calls).sort()).toEqual(procedures.sort());
  });

  it('no session: UNAUTHENTICATED, nothing changed', async () => {
    const before = await state();
    expect(await everyCall(callerAs(database.db, null))).toEqual(all(Object.keys(calls), 'UNAUTHENTICATED'));
    expect(await state()).toEqual(before);
  });

  it('a trader and an operator: FORBIDDEN, nothing changed', async () => {
    const trader = await signedInTrader(database.db);
    const operator = await signedInOperator(database.db);
    const before = await state();
    expect(await everyCall(trader.caller)).toEqual(all(Object.keys(calls), 'FORBIDDEN'));
    expect(await everyCall(operator.caller)).toEqual(all(Object.keys(calls), 'FORBIDDEN'));
    expect(await state()).toEqual(before);
  });

  it('finance and support: FORBIDDEN on keys and webhooks; developer and support: FORBIDDEN on the balance; nothing changed', async () => {
    const before = await state();
    expect(await everyCall(as(finance), developerCalls)).toEqual(all(names(developerCalls), 'FORBIDDEN'));
    expect(await everyCall(as(support), developerCalls)).toEqual(all(names(developerCalls), 'FORBIDDEN'));
    expect(await everyCall(as(developer), balanceCalls)).toEqual(all(names(balanceCalls), 'FORBIDDEN'));
    expect(await everyCall(as(support), balanceCalls)).toEqual(all(names(balanceCalls), 'FORBIDDEN'));
    expect(await state()).toEqual(before);
  });

  it('an owner or developer without a second factor: TOTP_REQUIRED, nothing changed', async () => {
    const before = await state();
    expect(await everyCall(as(owner, false))).toEqual(all(Object.keys(calls), 'TOTP_REQUIRED'));
    expect(await everyCall(as(developer, false), developerCalls)).toEqual(all(names(developerCalls), 'TOTP_REQUIRED'));
    expect(await state()).toEqual(before);
  });

  it("another merchant's key and delivery: NOT_FOUND, nothing changed, and they never show", async () => {
    const before = await state();
    for (const member of [owner, developer]) {
      const caller = as(member);
      expect(await refusalCode(caller.merchantDevelopers.revokeKey({ keyId: otherKeyId }))).toBe('NOT_FOUND');
      expect(await refusalCode(caller.merchantDevelopers.delivery({ deliveryId: otherDeliveryId }))).toBe('NOT_FOUND');
      expect(await refusalCode(caller.merchantDevelopers.resend({ deliveryId: otherDeliveryId }))).toBe('NOT_FOUND');
      const text = JSON.stringify([await caller.merchantDevelopers.listKeys({}), await caller.merchantDevelopers.deliveries({}), await caller.merchantDevelopers.requests({})]);
      expect(text).not.toContain(otherKeyId);
      expect(text).not.toContain(otherDeliveryId);
      expect(text).not.toContain('req_other_call');
      expect(text).toContain(ownKeyId);
      expect(text).toContain('req_own_call');
    }
    expect(await state()).toEqual(before);
  });

  it('bad input is refused with a code, never a 500, and changes nothing; a private address is a field error where webhooks may not reach one', async () => {
    const caller = as(developer);
    const before = await state();
    expect(await refusalCode(caller.merchantDevelopers.createKey({ scopes: [] }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantDevelopers.createKey({ scopes: ['everything' as never] }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantDevelopers.createKey({ scopes: ['webhooks:manage'], ipAllowlist: ['not-an-address'] }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantDevelopers.createKey({ scopes: ['webhooks:manage'], expiresAt: '2001-01-01T00:00:00Z' }))).toBe('VALIDATION_FAILED');
    // A scope the developer's role does not use in the console (docs/merchant-guide.md, "Roles").
    expect(await refusalCode(caller.merchantDevelopers.createKey({ scopes: ['balance:read'] }))).toBe('FORBIDDEN');
    expect(await refusalCode(caller.merchantDevelopers.revokeKey({ keyId: 'mk_/../x' }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantDevelopers.setEndpoint({ url: 'ftp://example.com' }))).toMatch(/BAD_REQUEST|VALIDATION_FAILED/);
    expect(await refusalCode(caller.merchantDevelopers.rotateSecret({ overlapSeconds: -1 }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantDevelopers.resend({ deliveryId: 'nope' }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantDevelopers.requests({ statusClass: '6xx' as never }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantDevelopers.requests({ page: 0 }))).toBe('BAD_REQUEST');
    expect(await refusalCode(as(finance).merchantBalance.statement({ limit: '0' }))).toBe('BAD_REQUEST');
    expect(await refusalCode(as(finance).merchantBalance.statement({ from: '2026-02-01', to: '2026-01-01' }))).toBe('BAD_REQUEST');
    expect(await state()).toEqual(before);
  });

  it('the developer and owner can do what the others could not; each change is audited as the user', async () => {
    const caller = as(developer);
    const created = await caller.merchantDevelopers.createKey({ label: 'deploys', scopes: ['webhooks:manage', 'keys:manage'], ipAllowlist: ['203.0.113.0/24'] });
    expect(created.secret).toMatch(/^sk_/);
    expect((await caller.merchantDevelopers.listKeys({})).items.map((key) => key.keyId)).toContain(created.keyId);
    expect(JSON.stringify(await caller.merchantDevelopers.listKeys({}))).not.toContain(created.secret);
    expect((await caller.merchantDevelopers.revokeKey({ keyId: created.keyId })).revokedAt).not.toBeNull();
    expect(await caller.merchantDevelopers.setEndpoint({ url: 'https://shop.example/hooks' })).toMatchObject({ url: 'https://shop.example/hooks', enabled: true });
    expect((await caller.merchantDevelopers.rotateSecret({ overlapSeconds: 3600 })).secret).toMatch(/^whsec_/);
    const test = await caller.merchantDevelopers.sendTest({});
    expect((await caller.merchantDevelopers.delivery({ deliveryId: test.deliveryId })).eventType).toBe('webhook.test');
    expect((await caller.merchantDevelopers.resend({ deliveryId: test.deliveryId })).eventId).toBe(test.eventId);
    expect((await as(owner).merchantDevelopers.clearEndpoint({})).url).toBeNull();
    const [audit] = rowsOf<{ actors: string }>(
      await database.db.execute(sql`select string_agg(distinct actor_type || ':' || actor_id, ',') as actors from audit_log where action = 'apikey.issue' and details->>'keyId' = ${created.keyId}`),
    );
    expect(audit?.actors).toBe(`merchant:${developer.userId}`);
    expect(await caller.merchantDevelopers.requests({})).toMatchObject({ items: [{ route: 'balance', status: 200, requestId: 'req_own_call' }], hasMore: false });
    expect(await as(owner).merchantDevelopers.requests({ statusClass: '5xx' })).toMatchObject({ items: [], hasMore: false });
    expect(await as(finance).merchantBalance.balance({})).toMatchObject({ currency: 'USDT', available: '0.000000' });
    expect(await as(owner).merchantBalance.statement({ limit: '5' })).toMatchObject({ items: [], hasMore: false });
  });
});
