import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { cliActor } from '../../../server/audit';
import { adjustBalance } from '../../../server/balances/adjust-balance';
import { merchantCancelPayout } from '../../../server/payouts/merchant-cancel-payout';
import { updateMerchantSettings } from '../../../server/merchants/update-merchant-settings';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { insertPayout } from '../../../tests/fixtures/orders';
import { refusalCode, refusalsOf, refusedAll } from '../../../tests/trpc/refusal-code';
import { callerAs, merchantSession, signedInOperator, signedInTrader } from '../../../tests/trpc/trpc-harness';
import { appRouter } from '../root';

type Caller = ReturnType<typeof callerAs>;

let database: TestDatabase;
let owner: TestMember;
let developer: TestMember;
let finance: TestMember;
let support: TestMember;
let otherOwner: TestMember;
let otherDeveloper: TestMember;
/** What each merchant's activity left behind that the other must never see. */
const own = { keyId: '', orderNo: '', apiOrderNo: '' };
const theirs = { keyId: '', orderNo: '', apiOrderNo: '', email: '' };
let calls: Record<string, (caller: Caller) => Promise<unknown>>;

const as = (member: TestMember, totpEnrolled = true) => callerAs(database.db, merchantSession(member, totpEnrolled));

async function activity(ownerOf: TestMember, developerOf: TestMember) {
  const db = database.db;
  await adjustBalance(db, { owner: { type: 'merchant', id: ownerOf.merchantId }, direction: 'credit', amount: '1000', memo: 'test funding' }, cliActor);
  const key = await as(developerOf).merchantDevelopers.createKey({ label: 'Reporting server', scopes: ['webhooks:manage'] });
  await as(developerOf).merchantDevelopers.setEndpoint({ url: 'https://shop.example/hooks' });
  const order = await insertPayout(db, ownerOf.merchantId);
  await as(ownerOf).merchantOrders.cancelPayout({ reference: order.orderNo, reason: 'customer changed their mind' });
  const apiOrder = await insertPayout(db, ownerOf.merchantId);
  // The API's own cancel (no console user): the merchant acts through a key.
  await merchantCancelPayout(db, { merchantId: ownerOf.merchantId, reference: apiOrder.orderNo });
  await updateMerchantSettings(db, { merchantId: ownerOf.merchantId, payoutFeeBps: 40, actor: cliActor });
  return { keyId: key.keyId, orderNo: order.orderNo, apiOrderNo: apiOrder.orderNo };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  ({ owner } = await merchantWithOwner(db));
  developer = await teamMember(db, owner, 'developer', 'Dev Eloper');
  finance = await teamMember(db, owner, 'finance');
  support = await teamMember(db, owner, 'support', 'Sue Support');
  ({ owner: otherOwner } = await merchantWithOwner(db));
  otherDeveloper = await teamMember(db, otherOwner, 'developer', 'Other Dev');
  Object.assign(own, await activity(owner, developer));
  Object.assign(theirs, await activity(otherOwner, otherDeveloper), { email: otherDeveloper.email });
  await as(owner).merchantTeam.remove({ userId: support.userId });
  await as(otherOwner).merchantTeam.changeRole({ userId: otherDeveloper.userId, role: 'support' });

  calls = {
    'merchantAudit.log': (c) => c.merchantAudit.log({}),
  };
});
afterAll(async () => {
  await database.close();
});

async function state() {
  const [row] = rowsOf<Record<string, string>>(await database.db.execute(sql`select (select count(*) from audit_log)::text as audit, (select max(id) from audit_log)::text as last`));
  return row;
}

describe("the merchant's audit log", () => {
  it('covers every procedure of the router', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('merchantAudit.')).sort());
  });

  it('no session: UNAUTHENTICATED; a trader or operator: FORBIDDEN; developer, finance and support: FORBIDDEN; an owner without a second factor: TOTP_REQUIRED; nothing changed', async () => {
    const trader = await signedInTrader(database.db);
    const operator = await signedInOperator(database.db);
    const before = await state();
    const names = Object.keys(calls);
    expect(await refusalsOf(calls, callerAs(database.db, null))).toEqual(refusedAll(names, 'UNAUTHENTICATED'));
    expect(await refusalsOf(calls, trader.caller)).toEqual(refusedAll(names, 'FORBIDDEN'));
    expect(await refusalsOf(calls, operator.caller)).toEqual(refusedAll(names, 'FORBIDDEN'));
    for (const member of [developer, finance]) expect(await refusalsOf(calls, as(member))).toEqual(refusedAll(names, 'FORBIDDEN'));
    expect(await refusalsOf(calls, as(owner, false))).toEqual(refusedAll(names, 'TOTP_REQUIRED'));
    expect(await state()).toEqual(before);
  });

  it('bad input is refused with a code and changes nothing', async () => {
    const before = await state();
    expect(await refusalCode(as(owner).merchantAudit.log({ page: 0 }))).toBe('BAD_REQUEST');
    expect(await refusalCode(as(owner).merchantAudit.log({ pageSize: 1000 }))).toBe('BAD_REQUEST');
    expect(await refusalCode(as(owner).merchantAudit.log({ merchantId: otherOwner.merchantId } as never))).toBe('BAD_REQUEST');
    expect(await state()).toEqual(before);
  });

  it("the owner sees the team's changes to keys, webhooks, team and orders, with names, and nothing of another merchant", async () => {
    const log = await as(owner).merchantAudit.log({ pageSize: 100 });
    const text = JSON.stringify(log);
    for (const foreign of [theirs.keyId, theirs.orderNo, theirs.apiOrderNo, theirs.email, otherOwner.merchantId, otherOwner.email, 'Other Dev']) expect(text).not.toContain(foreign);
    const actions = log.items.map((item) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['apikey.issue', 'merchant.webhook.set', 'payout.merchant_cancel', 'merchant_team.user_removed', 'merchant_team.user_invited', 'merchant.update']));
    expect(actions).not.toContain('merchant_team.role_changed');

    const issued = log.items.find((item) => item.action === 'apikey.issue');
    expect(issued).toMatchObject({ actor: { kind: 'user', name: 'Dev Eloper', email: developer.email }, target: { kind: 'merchant' }, details: { keyId: own.keyId, label: 'Reporting server' } });
    const cancels = log.items.filter((item) => item.action === 'payout.merchant_cancel');
    expect(cancels.map((item) => [item.actor.kind, item.target])).toEqual(
      expect.arrayContaining([
        ['user', { kind: 'order', flow: 'payout', orderNo: own.orderNo }],
        ['api', { kind: 'order', flow: 'payout', orderNo: own.apiOrderNo }],
      ]),
    );
    expect(log.items.find((item) => item.action === 'merchant_team.user_removed')).toMatchObject({ actor: { kind: 'user', name: 'Olive Owner' }, target: { kind: 'user', name: 'Sue Support', email: support.email } });
    // Corridor's staff are never named to the merchant.
    expect(log.items.find((item) => item.action === 'merchant.update')).toMatchObject({ actor: { kind: 'operator' } });
    expect(text).not.toMatch(/"ip"|203\.0\.113/);
    // Newest first.
    const times = log.items.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);

    const other = JSON.stringify(await as(otherOwner).merchantAudit.log({ pageSize: 100 }));
    expect(other).toContain('merchant_team.role_changed');
    for (const mine of [own.keyId, own.orderNo, own.apiOrderNo, support.email, developer.email, owner.merchantId]) expect(other).not.toContain(mine);
  });

  it('pages: the second page continues where the first ended', async () => {
    const first = await as(owner).merchantAudit.log({ pageSize: 2 });
    const second = await as(owner).merchantAudit.log({ pageSize: 2, page: 2 });
    expect(first.hasMore).toBe(true);
    expect(first.items.map((item) => item.id)).not.toEqual(expect.arrayContaining(second.items.map((item) => item.id)));
    const all = await as(owner).merchantAudit.log({ pageSize: 4 });
    expect(all.items.map((item) => item.id)).toEqual([...first.items, ...second.items].map((item) => item.id));
  });
});
