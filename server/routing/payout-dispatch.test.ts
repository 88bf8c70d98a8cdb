import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc } from 'drizzle-orm';
import { auditLog, merchants, payoutOrders, platformSettings, traders } from '../../db/schema';
import { apiMerchant, payoutBody, payoutTrader } from '../../tests/api/api-harness';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { cliActor } from '../audit';
import { acceptPayout } from '../payouts/accept-payout';
import { applyPayoutTransition } from '../payouts/apply-payout-transition';
import { placePayout } from '../payouts/create-payout';
import { payoutDetailView } from '../payouts/payout-view';
import { listOpenTasks } from '../payouts/list-open-tasks';
import { listStuckPayouts } from '../payouts/list-stuck-payouts';
import { reassignPayout } from '../payouts/reassign-payout';
import { addBankAccount } from '../traders/add-bank-account';
import { payoutOffers, payoutTaskRings } from './payout-offers';
import { payoutTaskLoad } from './payout-task-load';
import { setPayoutTaskCap } from './set-payout-task-cap';
import { DEFAULT_ROUTING_SETTINGS, routingSettings, writeRoutingSettings, type PayoutDispatchSettings, type RoutingSettings } from './routing-settings';

let database: TestDatabase;
let merchant: typeof merchants.$inferSelect;
let operatorId: string;
const T0 = new Date();
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

// One trader per ring, then everyone 10 s after the task entered the pool.
const SCORED: PayoutDispatchSettings = { ...DEFAULT_ROUTING_SETTINGS.payouts, mode: 'scored', rings: [1, 2], ringSeconds: 5, openTaskCap: null };

async function dispatch(payouts: Partial<PayoutDispatchSettings>) {
  const value: RoutingSettings = { ...DEFAULT_ROUTING_SETTINGS, payouts: { ...DEFAULT_ROUTING_SETTINGS.payouts, ...payouts } };
  await database.db.transaction((tx) => writeRoutingSettings(tx, value, new Date()));
}

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await apiMerchant(database.db, '1000000.00');
  [merchant] = (await database.db.select().from(merchants).where(eq(merchants.id, created.merchantId))) as [typeof merchants.$inferSelect];
  operatorId = (await signedInOperator(database.db)).userId;
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // Each test's traders are the only ones online; the record of earlier tests' traders stays theirs.
  await database.db.update(traders).set({ online: false });
  await dispatch({ mode: 'first_accept' });
});

async function task(now = T0, body: Record<string, unknown> = {}) {
  return database.db.transaction((tx) => placePayout(tx, { merchant, input: payoutBody(body) as never, now }));
}

/** A payout the trader took and what came of it, at `now` (in the window), through the machine. */
async function record(traderId: string, outcome: 'completed' | 'disputed' | 'overdue' | 'on_time' | 'open', now = at(-600)) {
  const order = await task(now);
  await acceptPayout(database.db, { traderId, orderId: order.id }, now);
  if (outcome === 'open') return order;
  const later = new Date(now.getTime() + 60_000);
  await database.db.transaction(async (tx) => {
    if (outcome === 'overdue') {
      await applyPayoutTransition(tx, { orderId: order.id, action: 'mark_overdue', actor: { type: 'system' }, now: new Date(now.getTime() + 3_600_000), guardFrom: (row) => ({ dueAt: row.paymentDueAt }), eventData: payoutDetailView });
      return;
    }
    await applyPayoutTransition(tx, { orderId: order.id, action: 'submit_proof', actor: { type: 'trader', id: traderId }, now: later, context: { proofCount: 1 }, eventData: payoutDetailView });
    if (outcome === 'completed') await applyPayoutTransition(tx, { orderId: order.id, action: 'confirm', actor: { type: 'merchant', id: merchant.id }, now: later, eventData: payoutDetailView });
    if (outcome === 'disputed') {
      await applyPayoutTransition(tx, {
        orderId: order.id,
        action: 'dispute',
        actor: { type: 'merchant', id: merchant.id },
        now: later,
        context: { reason: 'not received' },
        set: () => ({ disputedAt: later }),
        eventData: payoutDetailView,
      });
    }
  });
  return order;
}

const offerTo = async (traderId: string, orderId: string, now = T0) =>
  (await payoutOffers(database.db, { traderId, orderId, now, windowMinutes: 180, dispatch: SCORED }))[0]!;
const seesTask = async (traderId: string, orderId: string, now: Date) =>
  (await listOpenTasks(database.db, { traderId, page: { page: 1, pageSize: 100 }, now })).items.some((item) => item.orderId === orderId);

describe('scored payout dispatch: ranking', () => {
  it('ranks by success: a trader whose payouts completed comes before one whose payouts were disputed', async () => {
    const good = (await payoutTrader(database.db)).traderId;
    const bad = (await payoutTrader(database.db)).traderId;
    for (let i = 0; i < 3; i += 1) {
      await record(good, 'completed');
      await record(bad, 'disputed');
    }
    const order = await task();
    const [first, second] = [await offerTo(good, order.id), await offerTo(bad, order.id)];
    expect(first.score!.signals.success).toBeGreaterThan(second.score!.signals.success);
    expect([first.rank, second.rank, first.eligible]).toEqual([1, 2, 2]);
  });

  it('ranks by the overdue rate: a trader who paid in time comes before one whose tasks went overdue', async () => {
    const prompt = (await payoutTrader(database.db)).traderId;
    const late = (await payoutTrader(database.db)).traderId;
    for (let i = 0; i < 3; i += 1) {
      await record(late, 'overdue');
      await record(prompt, 'on_time');
    }
    // The overdue tasks stay open (PAYMENT_OVERDUE); an equal load keeps this test to the one signal.
    for (let i = 0; i < 3; i += 1) await record(prompt, 'open');
    const order = await task();
    const [first, second] = [await offerTo(prompt, order.id), await offerTo(late, order.id)];
    expect(first.score!.signals.onTime).toBeGreaterThan(second.score!.signals.onTime);
    expect(first.score!.signals.load).toBe(second.score!.signals.load);
    expect([first.rank, second.rank]).toEqual([1, 2]);
  });

  it('ranks by load: of two equal traders the one with fewer open tasks against its cap comes first', async () => {
    await dispatch({ mode: 'first_accept', openTaskCap: 4 });
    const busy = (await payoutTrader(database.db)).traderId;
    const free = (await payoutTrader(database.db)).traderId;
    await record(busy, 'open');
    await record(busy, 'open');
    const order = await task();
    const offers = (await payoutOffers(database.db, { traderId: busy, orderId: order.id, now: T0, windowMinutes: 180, dispatch: { ...SCORED, openTaskCap: 4 } }))[0]!;
    expect(offers.score!.signals.load).toBe(0.5);
    expect(offers.rank).toBe(2);
    expect((await offerTo(free, order.id)).rank).toBe(1);
  });

  it("ranks by bank: a trader holding an account at the recipient's bank comes first", async () => {
    const other = (await payoutTrader(database.db)).traderId;
    const sameBank = (await payoutTrader(database.db)).traderId;
    await addBankAccount(database.db, { traderId: sameBank, holderName: 'Wang Fang', bankName: 'Bank of China', accountNumber: '6216610200000000001', actor: cliActor });
    await addBankAccount(database.db, { traderId: other, holderName: 'Zhao Lei', bankName: 'ICBC', accountNumber: '6212260200000000002', actor: cliActor });
    const order = await task();
    expect((await offerTo(sameBank, order.id)).score!.signals.bank).toBe(1);
    expect((await offerTo(sameBank, order.id)).rank).toBe(1);
    expect((await offerTo(other, order.id)).rank).toBe(2);
  });
});

describe('scored payout dispatch: rings', () => {
  it('offers a task to the best first and widens after the delay; an accept before its turn is refused and changes nothing', async () => {
    const best = (await payoutTrader(database.db)).traderId;
    const second = (await payoutTrader(database.db)).traderId;
    const third = (await payoutTrader(database.db)).traderId;
    for (let i = 0; i < 2; i += 1) await record(best, 'completed');
    await record(second, 'completed');
    await record(third, 'disputed');
    await dispatch(SCORED);
    const order = await task(T0);

    expect([await seesTask(best, order.id, at(1)), await seesTask(second, order.id, at(1)), await seesTask(third, order.id, at(1))]).toEqual([true, false, false]);
    // The same rings for every trader at once, as the routing simulation reads them: now, in 4 s, in 9 s.
    const rings = new Map((await payoutTaskRings(database.db, { orderId: order.id, now: at(1), windowMinutes: 180, dispatch: SCORED })).map((r) => [r.traderId, r.offeredInSeconds]));
    expect([rings.get(best), rings.get(second), rings.get(third)]).toEqual([0, 4, 9]);
    await expect(acceptPayout(database.db, { traderId: second, orderId: order.id }, at(1))).rejects.toMatchObject({
      code: 'PAYOUT_NOT_OFFERED',
      meta: { offeredInSeconds: '4' },
    });
    const [unchanged] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, order.id));
    expect([unchanged!.status, unchanged!.traderId, unchanged!.dispatch]).toEqual(['PENDING_MATCH', null, null]);

    // The second ring at 5 s, everyone at 10 s: no write between, the age alone widens it.
    expect([await seesTask(second, order.id, at(5)), await seesTask(third, order.id, at(5))]).toEqual([true, false]);
    expect(await seesTask(third, order.id, at(10))).toBe(true);
    const listed = await listOpenTasks(database.db, { traderId: third, page: { page: 1, pageSize: 100 }, now: at(1) });
    // The next ring boundary of the pool's youngest task: the page looks again then, not every second.
    expect(listed.nextOfferAt).toBe(at(5).toISOString());

    // Why this trader: the record stored with the accept.
    const accepted = await acceptPayout(database.db, { traderId: third, orderId: order.id }, at(10));
    expect(accepted.dispatch).toMatchObject({ mode: 'scored', rank: 3, eligible: 3, ring: null, openToAll: true, ageSeconds: 10 });
    expect(Object.keys((accepted.dispatch as { score: { signals: object } }).score.signals).sort()).toEqual(['bank', 'load', 'onTime', 'success']);
  });

  it('first-accept dispatch (the default) offers every task to every fitting trader at once', async () => {
    const a = (await payoutTrader(database.db)).traderId;
    const b = (await payoutTrader(database.db)).traderId;
    await record(a, 'completed');
    const order = await task(T0);
    expect([await seesTask(a, order.id, T0), await seesTask(b, order.id, T0)]).toEqual([true, true]);
    const accepted = await acceptPayout(database.db, { traderId: b, orderId: order.id }, T0);
    expect(accepted.dispatch).toMatchObject({ mode: 'first_accept' });
  });

  it('reassigns an overdue task by the same scorer: the best of the others first, the trader it was taken from last', async () => {
    const late = (await payoutTrader(database.db)).traderId;
    const next = (await payoutTrader(database.db)).traderId;
    const after = (await payoutTrader(database.db)).traderId;
    for (let i = 0; i < 3; i += 1) await record(late, 'completed', at(-3600));
    await record(next, 'completed', at(-3600));
    await record(after, 'disputed', at(-3600));
    await dispatch(SCORED);
    // The best of the three takes it, and lets it go overdue.
    const order = await task(at(-2400));
    await acceptPayout(database.db, { traderId: late, orderId: order.id }, at(-2400));
    await database.db.transaction((tx) =>
      applyPayoutTransition(tx, { orderId: order.id, action: 'mark_overdue', actor: { type: 'system' }, now: at(-60), guardFrom: (row) => ({ dueAt: row.paymentDueAt }), eventData: payoutDetailView }),
    );
    // The overdue list says why that trader had it.
    const stuck = await listStuckPayouts(database.db, { pageSize: 500 }, T0);
    expect(stuck.items.find((item) => item.orderId === order.id)?.dispatch).toMatchObject({ rank: 1, eligible: 3, ring: 1 });
    await reassignPayout(database.db, { orderId: order.id, note: 'overdue: back to the pool', operator: { id: operatorId }, now: T0 });

    expect([await seesTask(next, order.id, at(1)), await seesTask(after, order.id, at(1)), await seesTask(late, order.id, at(1))]).toEqual([true, false, false]);
    expect((await offerTo(late, order.id, at(1))).rank).toBeNull();
    expect([await seesTask(after, order.id, at(5)), await seesTask(late, order.id, at(5))]).toEqual([true, false]);
    expect(await seesTask(late, order.id, at(10))).toBe(true);
  });
});

describe('the open-task cap', () => {
  it('refuses an accept at the cap with its code and leaves the trader unranked, so the next is offered', async () => {
    await dispatch({ ...SCORED, openTaskCap: 2 });
    const full = (await payoutTrader(database.db)).traderId;
    const other = (await payoutTrader(database.db)).traderId;
    await dispatch({ mode: 'first_accept', openTaskCap: 2 });
    for (let i = 0; i < 3; i += 1) await record(full, 'completed');
    await record(full, 'open');
    await record(full, 'open');
    await dispatch({ ...SCORED, openTaskCap: 2 });
    const order = await task(T0);
    await expect(acceptPayout(database.db, { traderId: full, orderId: order.id }, at(20))).rejects.toMatchObject({
      code: 'PAYOUT_TASK_CAP_REACHED',
      meta: { openTasks: '2', cap: '2' },
    });
    expect(await seesTask(other, order.id, T0)).toBe(true);

    // The trader's own cap overrides the platform's.
    await database.db.update(traders).set({ payoutTaskCap: 3 }).where(eq(traders.id, full));
    const taken = await acceptPayout(database.db, { traderId: full, orderId: order.id }, at(20));
    expect(taken.dispatch).toMatchObject({ openTasks: 2, cap: 3 });
  });

  it('holds under concurrent accepts by one trader: of two accepts for its last place exactly one wins', async () => {
    await dispatch({ mode: 'first_accept', openTaskCap: 1 });
    const trader = (await payoutTrader(database.db)).traderId;
    const [one, two] = [await task(), await task()];
    const results = await Promise.allSettled([one, two].map((order) => acceptPayout(database.db, { traderId: trader, orderId: order.id })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'PAYOUT_TASK_CAP_REACHED' } });
  });
});

describe('first accept wins under scored dispatch', () => {
  it('of five traders accepting one task at once, exactly one wins and the rest are told it moved on', async () => {
    const five = await Promise.all([0, 1, 2, 3, 4].map(async () => (await payoutTrader(database.db)).traderId));
    await dispatch(SCORED);
    const order = await task(T0);
    const results = await Promise.allSettled(five.map((traderId) => acceptPayout(database.db, { traderId, orderId: order.id }, at(10))));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(4).fill('INVALID_ORDER_STATE'));
    const [stored] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, order.id));
    expect(stored!.traderId).toBe((won[0] as PromiseFulfilledResult<{ traderId: string }>).value.traderId);
  });
});

describe("a trader's own cap and the settings", () => {
  it('is set by an operator with a reason, audited, refused out of bounds without a change', async () => {
    const trader = (await payoutTrader(database.db)).traderId;
    await dispatch({ mode: 'first_accept', openTaskCap: 5 });
    await setPayoutTaskCap(database.db, { traderId: trader, cap: 2, reason: 'new trader, building a record' }, { type: 'operator', id: operatorId });
    expect(await payoutTaskLoad(database.db, trader)).toEqual({ openTasks: 0, cap: 2, ownCap: 2, platformCap: 5, mode: 'first_accept' });
    await expect(setPayoutTaskCap(database.db, { traderId: trader, cap: 0, reason: 'no' }, { type: 'operator', id: operatorId })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await setPayoutTaskCap(database.db, { traderId: trader, cap: null, reason: 'record built' }, { type: 'operator', id: operatorId });
    expect((await payoutTaskLoad(database.db, trader)).cap).toBe(5);
    const audits = await database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'trader.payout_task_cap.set'), eq(auditLog.targetId, trader)))
      .orderBy(desc(auditLog.id));
    expect(audits.map((row) => row.details)).toEqual([
      { from: 2, to: null, reason: 'record built' },
      { from: null, to: 2, reason: 'new trader, building a record' },
    ]);
  });

  it('reads a routing value stored before payout dispatch existed as first accept with no cap', async () => {
    const { payouts: _dropped, ...before } = DEFAULT_ROUTING_SETTINGS;
    await database.db.update(platformSettings).set({ value: { ...before, mode: 'scored' } }).where(eq(platformSettings.key, 'routing'));
    const { value } = await routingSettings(database.db);
    expect([value.mode, value.payouts]).toEqual(['scored', DEFAULT_ROUTING_SETTINGS.payouts]);
  });
});

describe('on PGlite', () => {
  it('ranks, offers by ring and refuses an early accept as on PostgreSQL', async () => {
    const lite = await createTestDatabase({ kind: 'pglite' });
    try {
      const created = await apiMerchant(lite.db, '100000.00');
      const [shop] = await lite.db.select().from(merchants).where(eq(merchants.id, created.merchantId));
      const first = (await payoutTrader(lite.db)).traderId;
      const second = (await payoutTrader(lite.db)).traderId;
      await addBankAccount(lite.db, { traderId: first, holderName: 'Wang Fang', bankName: 'Bank of China', accountNumber: '6216610200000000001', actor: cliActor });
      await lite.db.transaction((tx) => writeRoutingSettings(tx, { ...DEFAULT_ROUTING_SETTINGS, payouts: SCORED }, new Date()));
      const order = await lite.db.transaction((tx) => placePayout(tx, { merchant: shop!, input: payoutBody() as never, now: T0 }));
      const seen = async (traderId: string, now: Date) => (await listOpenTasks(lite.db, { traderId, page: { page: 1, pageSize: 10 }, now })).items.map((item) => item.orderId);
      expect([await seen(first, at(1)), await seen(second, at(1)), await seen(second, at(5))]).toEqual([[order.id], [], [order.id]]);
      await expect(acceptPayout(lite.db, { traderId: second, orderId: order.id }, at(1))).rejects.toMatchObject({ code: 'PAYOUT_NOT_OFFERED' });
      expect((await acceptPayout(lite.db, { traderId: first, orderId: order.id }, at(1))).dispatch).toMatchObject({ rank: 1, ring: 1 });
    } finally {
      await lite.close();
    }
  });
});
