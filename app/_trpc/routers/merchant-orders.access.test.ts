import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { cliActor } from '../../../server/audit';
import { adjustBalance } from '../../../server/balances/adjust-balance';
import { acceptPayout } from '../../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../../server/payouts/submit-payout-proof';
import { setTraderOnline } from '../../../server/traders/set-online';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { tinyPng } from '../../../tests/fixtures/images';
import { merchantWithOwner, teamMember, type TestMember } from '../../../tests/fixtures/merchant-team';
import { insertPayin, insertPayout } from '../../../tests/fixtures/orders';
import { traderWithBalance } from '../../../tests/fixtures/parties';
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
/** The owner's payout with proof (PAYMENT_SUBMITTED), a payout no trader took, and a pay-in. */
let submitted: { orderNo: string; merchantOrderNo: string };
let open: { orderNo: string };
let payin: { orderNo: string };
/** Another merchant's payout with proof, what an intruder aims at. */
let foreign: { orderNo: string; merchantOrderNo: string };
let calls: Record<string, (caller: Caller) => Promise<unknown>>;

async function fund(member: TestMember) {
  await adjustBalance(database.db, { owner: { type: 'merchant', id: member.merchantId }, direction: 'credit', amount: '1000', memo: 'test funding' }, cliActor);
}

async function payoutWithProof(member: TestMember, traderId: string) {
  const order = await insertPayout(database.db, member.merchantId);
  await acceptPayout(database.db, { traderId, orderId: order.id });
  await submitPayoutProof(database.db, { traderId, orderId: order.id, files: [await tinyPng('#12ab34')] });
  return order;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  ({ owner } = await merchantWithOwner(db));
  developer = await teamMember(db, owner, 'developer');
  finance = await teamMember(db, owner, 'finance');
  support = await teamMember(db, owner, 'support');
  ({ owner: otherOwner } = await merchantWithOwner(db));
  await fund(owner);
  await fund(otherOwner);
  const trader = await traderWithBalance(db, '1000');
  await setTraderOnline(db, { traderId: trader.traderId, online: true });
  submitted = await payoutWithProof(owner, trader.traderId);
  open = await insertPayout(db, owner.merchantId);
  payin = await insertPayin(db, owner.merchantId, null);
  foreign = await payoutWithProof(otherOwner, trader.traderId);

  // Every procedure of the two routers, with input that would work for the owner.
  calls = {
    'merchantOverview.orders': (c) => c.merchantOverview.orders({}),
    'merchantOverview.balance': (c) => c.merchantOverview.balance({}),
    'merchantOrders.payouts': (c) => c.merchantOrders.payouts({ page: 1 }),
    'merchantOrders.payins': (c) => c.merchantOrders.payins({ page: 1 }),
    'merchantOrders.payout': (c) => c.merchantOrders.payout({ reference: submitted.orderNo }),
    'merchantOrders.payin': (c) => c.merchantOrders.payin({ reference: payin.orderNo }),
    'merchantOrders.decidePayout': (c) => c.merchantOrders.decidePayout({ reference: submitted.orderNo, decision: 'DISPUTE', reason: 'Nothing arrived' }),
    'merchantOrders.cancelPayout': (c) => c.merchantOrders.cancelPayout({ reference: open.orderNo }),
    'merchantOrders.cancelPayin': (c) => c.merchantOrders.cancelPayin({ reference: payin.orderNo }),
    'merchantOrders.addPayoutStatement': (c) => c.merchantOrders.addPayoutStatement({ reference: submitted.orderNo, statement: 'The recipient has no record of it.' }),
    'merchantOrders.evidenceRequests': (c) => c.merchantOrders.evidenceRequests({ flow: 'payout', reference: submitted.orderNo }),
    // Valid once the owner has disputed it (the last test); before that, DISPUTE_NOT_WITHDRAWABLE.
    'merchantOrders.withdrawPayoutDispute': (c) => c.merchantOrders.withdrawPayoutDispute({ reference: submitted.orderNo }),
  };
});
afterAll(async () => {
  await database.close();
});

/** What any of these procedures could change: orders, transitions, ledger, evidence, audit, outbox. */
async function state() {
  const [row] = rowsOf<Record<string, string>>(
    await database.db.execute(sql`
      select (select string_agg(order_no || ':' || status, ',' order by order_no) from payout_orders) as payouts,
             (select string_agg(order_no || ':' || status, ',' order by order_no) from payin_orders) as payins,
             (select count(*) from order_transitions)::text as transitions,
             (select string_agg(id || ':' || balance, ',' order by id) from ledger_accounts) as balances,
             (select count(*) from dispute_evidence)::text as evidence,
             (select count(*) from audit_log)::text as audit,
             (select count(*) from outbox_events)::text as events`),
  );
  return row;
}

const as = (member: TestMember, totpEnrolled = true) => callerAs(database.db, merchantSession(member, totpEnrolled));

const everyCall = (caller: Caller, only?: (name: string) => boolean) => refusalsOf(calls, caller, only);
const all = refusedAll;
const decisions = [
  'merchantOrders.decidePayout',
  'merchantOrders.cancelPayout',
  'merchantOrders.cancelPayin',
  'merchantOrders.addPayoutStatement',
  'merchantOrders.withdrawPayoutDispute',
];

describe('the overview and orders procedures refuse everyone but a merchant user whose role allows them', () => {
  it('covers every procedure of the two routers', () => {
    const procedures = Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('merchantOrders.') || name.startsWith('merchantOverview.'));
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

  it('support and finance read orders but may not confirm, dispute, cancel or add evidence; a developer reads no orders', async () => {
    const before = await state();
    for (const member of [support, finance]) {
      expect([member.role, await everyCall(as(member), (name) => decisions.includes(name))]).toEqual([member.role, all(decisions, 'FORBIDDEN')]);
      const found = await as(member).merchantOrders.payouts({ page: 1, search: submitted.merchantOrderNo });
      expect(found.items.map((item) => item.orderNo)).toEqual([submitted.orderNo]);
    }
    expect(await refusalCode(as(support).merchantOverview.balance({}))).toBe('FORBIDDEN');
    expect(await as(finance).merchantOverview.balance({})).toMatchObject({ currency: 'USDT' });
    expect(await everyCall(as(developer))).toEqual(all(Object.keys(calls), 'FORBIDDEN'));
    expect(await state()).toEqual(before);
  });

  it('an owner without a second factor: TOTP_REQUIRED on everything, nothing changed', async () => {
    const before = await state();
    expect(await everyCall(as(owner, false))).toEqual(all(Object.keys(calls), 'TOTP_REQUIRED'));
    expect(await state()).toEqual(before);
  });

  it("another merchant's order: ORDER_NOT_FOUND on every call, nothing changed, and it never shows in a list", async () => {
    const caller = as(owner);
    const before = await state();
    for (const reference of [foreign.orderNo, foreign.merchantOrderNo]) {
      expect(await refusalCode(caller.merchantOrders.payout({ reference }))).toBe('ORDER_NOT_FOUND');
      expect(await refusalCode(caller.merchantOrders.decidePayout({ reference, decision: 'CONFIRM' }))).toBe('ORDER_NOT_FOUND');
      expect(await refusalCode(caller.merchantOrders.cancelPayout({ reference }))).toBe('ORDER_NOT_FOUND');
      expect(await refusalCode(caller.merchantOrders.addPayoutStatement({ reference, statement: 'Mine now' }))).toBe('ORDER_NOT_FOUND');
      expect(await refusalCode(caller.merchantOrders.evidenceRequests({ flow: 'payout', reference }))).toBe('ORDER_NOT_FOUND');
      expect(await refusalCode(caller.merchantOrders.withdrawPayoutDispute({ reference }))).toBe('ORDER_NOT_FOUND');
      expect((await caller.merchantOrders.payouts({ page: 1, search: reference })).items).toEqual([]);
    }
    expect(await state()).toEqual(before);
    expect(JSON.stringify(await caller.merchantOrders.payouts({ page: 1 }))).not.toContain(foreign.orderNo);
  });

  it('bad input is refused (never a 500) and changes nothing; DISPUTE needs a reason', async () => {
    const caller = as(owner);
    const before = await state();
    expect(await refusalCode(caller.merchantOrders.decidePayout({ reference: submitted.orderNo, decision: 'DISPUTE' }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantOrders.decidePayout({ reference: submitted.orderNo, decision: 'DISPUTE', reason: '   ' }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantOrders.payouts({ page: 1, status: ['NOPE' as never] }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantOrders.payouts({ page: 1, from: '2026-13-45' }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantOrders.payout({ reference: 'x'.repeat(65) }))).toBe('BAD_REQUEST');
    expect(await refusalCode(caller.merchantOrders.payout({ reference: 'a\u0000b' }))).toBe('VALIDATION_FAILED');
    // Cancel where the state does not allow it: a payout a trader has taken.
    expect(await refusalCode(caller.merchantOrders.cancelPayout({ reference: submitted.orderNo }))).toBe('INVALID_ORDER_STATE');
    expect(await state()).toEqual(before);
  });

  it('the owner reads the page and can do what the others could not (the inputs above are valid)', async () => {
    const caller = as(owner);
    const page = await caller.merchantOrders.payout({ reference: submitted.merchantOrderNo });
    expect(page.payout).toMatchObject({ orderNo: submitted.orderNo, status: 'PAYMENT_SUBMITTED' });
    expect(page.actions.sort()).toEqual(['confirm', 'dispute']);
    expect((await caller.merchantOrders.payout({ reference: open.orderNo })).actions).toEqual(['merchant_cancel']);
    expect((await caller.merchantOrders.payin({ reference: payin.orderNo })).actions).toEqual(['merchant_cancel']);
    expect(page.proofs).toHaveLength(1);
    expect(page.proofs[0]?.url).toContain(`/api/v1/withdrawals/${submitted.orderNo}/proofs/`);
    expect(page.timeline.map((entry) => entry.toStatus)).toEqual(['PENDING_MATCH', 'PENDING_PAYMENT', 'PAYMENT_SUBMITTED']);
    // Traders are named by their part only.
    const traderSteps = page.timeline.filter((entry) => entry.actorType === 'trader');
    expect(traderSteps.map((entry) => [entry.toStatus, entry.actorName])).toEqual([['PENDING_PAYMENT', null], ['PAYMENT_SUBMITTED', null]]);
    expect(await caller.merchantOrders.addPayoutStatement({ reference: submitted.orderNo, statement: 'The recipient has no record of it.' })).toMatchObject({ party: 'merchant' });
    expect(await caller.merchantOrders.decidePayout({ reference: submitted.orderNo, decision: 'DISPUTE', reason: 'Nothing arrived' })).toEqual({ status: 'DISPUTED' });
    expect(await caller.merchantOrders.cancelPayout({ reference: open.orderNo })).toMatchObject({ status: 'CANCELLED' });
    expect(await caller.merchantOrders.cancelPayin({ reference: payin.orderNo })).toMatchObject({ status: 'CANCELLED' });
    const after = await caller.merchantOrders.payout({ reference: submitted.orderNo });
    // A disputed payout: the merchant may only take its dispute back.
    expect(after.actions).toEqual(['withdraw_dispute']);
    expect(after.evidence.items.map((item) => item.statement)).toEqual(['The recipient has no record of it.']);
    expect(after.timeline.at(-1)).toMatchObject({ toStatus: 'DISPUTED', actorType: 'merchant', note: 'Nothing arrived' });
    // The merchant's own steps carry the merchant's name.
    const [merchantRow] = rowsOf<{ name: string }>(await database.db.execute(sql`select name from merchants where id = ${owner.merchantId}`));
    expect(after.timeline.at(-1)?.actorName).toBe(merchantRow!.name);
    expect(await caller.merchantOrders.evidenceRequests({ flow: 'payout', reference: submitted.orderNo })).toMatchObject({ requests: [], timersPausedAt: expect.any(String) });
    expect(await caller.merchantOrders.withdrawPayoutDispute({ reference: submitted.orderNo })).toMatchObject({ status: 'PAYMENT_SUBMITTED' });
    expect(await refusalCode(caller.merchantOrders.withdrawPayoutDispute({ reference: submitted.orderNo }))).toBe('DISPUTE_NOT_WITHDRAWABLE');
  });
});

describe('two owners deciding one payout at once', () => {
  it('exactly one of CONFIRM and DISPUTE wins; the other is INVALID_ORDER_STATE, and the order moved once', async () => {
    const trader = await traderWithBalance(database.db, '1000');
    await setTraderOnline(database.db, { traderId: trader.traderId, online: true });
    const order = await payoutWithProof(owner, trader.traderId);
    const second = await teamMember(database.db, owner, 'owner', 'Otto Owner');
    const outcomes = await Promise.all([
      refusalCode(as(owner).merchantOrders.decidePayout({ reference: order.orderNo, decision: 'CONFIRM' })),
      refusalCode(as(second).merchantOrders.decidePayout({ reference: order.orderNo, decision: 'DISPUTE', reason: 'Not received' })),
    ]);
    expect(outcomes.filter((code) => code === 'RESOLVED')).toHaveLength(1);
    expect(outcomes.filter((code) => code === 'INVALID_ORDER_STATE')).toHaveLength(1);
    const page = await as(owner).merchantOrders.payout({ reference: order.orderNo });
    expect(page.payout.status).toBe(outcomes[0] === 'RESOLVED' ? 'COMPLETED' : 'DISPUTED');
    expect(page.timeline.filter((entry) => entry.fromStatus === 'PAYMENT_SUBMITTED')).toHaveLength(1);
  });
});
