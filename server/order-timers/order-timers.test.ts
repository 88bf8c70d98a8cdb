import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderTimerAdjustments, outboxEvents, payinOrders, payoutOrders, schedulerHeartbeats } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { tinyPng } from '../../tests/fixtures/images';
import { insertPayin, insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { acceptPayout } from '../payouts/accept-payout';
import { decidePayout } from '../payouts/decide-payout';
import { submitPayoutProof } from '../payouts/submit-payout-proof';
import { withdrawPayoutDispute } from '../payouts/withdraw-payout-dispute';
import { runDueTimers } from '../scheduler/run-due-timers';
import { setTraderOnline } from '../traders/set-online';
import { extendDeadline } from './extend-deadline';
import { beatAndCatchUp, TIMERS_HEARTBEAT } from './outage-catch-up';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const HOUR = 3_600_000;
const TICK = 5_000;

async function parties() {
  const db = database.db;
  return { db, merchant: await merchantWithBalance(db, '1000.000000'), trader: await traderWithBalance(db, '500.000000') };
}

const payoutOf = async (id: string) => (await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, id)))[0]!;
const payinOf = async (id: string) => (await database.db.select().from(payinOrders).where(eq(payinOrders.id, id)))[0]!;
const adjustmentsOf = (orderId: string) =>
  database.db.select().from(orderTimerAdjustments).where(eq(orderTimerAdjustments.orderId, orderId)).orderBy(asc(orderTimerAdjustments.createdAt));

/** A payout with proof at `at`, so merchantActionDueAt runs from a known instant. */
async function submittedPayout(merchantId: string, traderId: string, at: Date) {
  const db = database.db;
  const order = await insertPayout(db, merchantId);
  await setTraderOnline(db, { traderId, online: true });
  await acceptPayout(db, { traderId, orderId: order.id }, at);
  await submitPayoutProof(db, { traderId, orderId: order.id, files: [await tinyPng('#204080')] }, at);
  return order;
}

describe('timers pause while an order is disputed', () => {
  it('a payout dispute stops the clock (timers_paused_at, a pause row); withdrawing it gives the merchant back exactly the paused time', async () => {
    const { db, merchant, trader } = await parties();
    const t0 = new Date(Date.now() - 10 * HOUR);
    const order = await submittedPayout(merchant.merchantId, trader.traderId, t0);
    const dueBefore = (await payoutOf(order.id)).merchantActionDueAt!;

    const disputedAt = new Date(t0.getTime() + HOUR);
    await decidePayout(db, { merchantId: merchant.merchantId, reference: order.orderNo, decision: { decision: 'DISPUTE', reason: 'Not arrived' } }, disputedAt);
    const disputed = await payoutOf(order.id);
    expect(disputed.status).toBe('DISPUTED');
    expect(disputed.timersPausedAt?.toISOString()).toBe(disputedAt.toISOString());
    expect((await adjustmentsOf(order.id)).map((row) => [row.kind, row.timer, row.seconds])).toEqual([['pause', null, 0]]);

    // Three hours of dispute later, the merchant withdraws: the 24 h window resumes where it stopped.
    const withdrawnAt = new Date(disputedAt.getTime() + 3 * HOUR);
    const back = await withdrawPayoutDispute(db, { merchantId: merchant.merchantId, reference: order.orderNo }, withdrawnAt);
    expect(back.status).toBe('PAYMENT_SUBMITTED');
    expect(back.timersPausedAt).toBeNull();
    expect(back.merchantActionDueAt!.getTime() - dueBefore.getTime()).toBe(3 * HOUR);
    expect((await adjustmentsOf(order.id)).map((row) => [row.kind, row.timer, row.seconds])).toEqual([
      ['pause', null, 0],
      ['resume', 'merchant_action_due_at', 3 * 3600],
    ]);
    const events = await db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.orderId, order.id));
    expect(events.map((event) => event.type)).toContain('payout.dispute_withdrawn');

    // The timeout fires on the moved deadline, not the old one.
    await runDueTimers(db, new Date(dueBefore.getTime() + 1000));
    expect((await payoutOf(order.id)).status).toBe('PAYMENT_SUBMITTED');
  });

  it('withdrawing a dispute that is not open answers DISPUTE_NOT_WITHDRAWABLE and changes nothing', async () => {
    const { db, merchant, trader } = await parties();
    const order = await submittedPayout(merchant.merchantId, trader.traderId, new Date());
    const before = await payoutOf(order.id);
    expect(await refusalCode(withdrawPayoutDispute(db, { merchantId: merchant.merchantId, reference: order.orderNo }))).toBe('DISPUTE_NOT_WITHDRAWABLE');
    expect(await payoutOf(order.id)).toEqual(before);
    // Another merchant's payout does not exist for it.
    const other = await merchantWithBalance(db, '0');
    expect(await refusalCode(withdrawPayoutDispute(db, { merchantId: other.merchantId, reference: order.orderNo }))).toBe('ORDER_NOT_FOUND');
  });

  it('a ruling ends the pause (resume moving nothing: the order is final)', async () => {
    const { db, merchant, trader } = await parties();
    const operator = await signedInOperator(db);
    const order = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: order.id };
    await operator.caller.operator.disputes.claim(ref);
    await operator.caller.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'payment_not_received', note: 'No transfer on the statement.' });
    const ruled = await payoutOf(order.id);
    expect(ruled.status).toBe('CANCELLED');
    expect(ruled.timersPausedAt).toBeNull();
    expect((await adjustmentsOf(order.id)).map((row) => [row.kind, row.timer])).toEqual([
      ['pause', null],
      ['resume', null],
    ]);
  });

  it('a pay-in dispute pauses too', async () => {
    const { db, merchant, trader } = await parties();
    const order = await disputedPayin(db, merchant.merchantId, trader.traderId);
    expect((await payinOf(order.id)).timersPausedAt).not.toBeNull();
    expect((await adjustmentsOf(order.id)).map((row) => row.kind)).toEqual(['pause']);
  });
});

describe('an operator extends a deadline with a reason', () => {
  it("moves the running deadline by the minutes given, with an 'extend' row and an audit row", async () => {
    const { db, merchant, trader } = await parties();
    const operator = await signedInOperator(db);
    const order = await insertPayout(db, merchant.merchantId);
    await setTraderOnline(db, { traderId: trader.traderId, online: true });
    await acceptPayout(db, { traderId: trader.traderId, orderId: order.id });
    const before = (await payoutOf(order.id)).paymentDueAt!;

    const result = await operator.caller.operator.disputeProcess.extendDeadline({ flow: 'payout', orderId: order.id, minutes: 45, reason: 'Bank outage at the recipient' });
    const after = (await payoutOf(order.id)).paymentDueAt!;
    expect(after.getTime() - before.getTime()).toBe(45 * 60_000);
    expect(result).toMatchObject({ timer: 'payment_due_at', dueAt: after.toISOString() });
    expect((await adjustmentsOf(order.id)).map((row) => [row.kind, row.timer, row.seconds, row.reason, row.actorId])).toEqual([
      ['extend', 'payment_due_at', 2700, 'Bank outage at the recipient', operator.userId],
    ]);
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.targetId, order.id), eq(auditLog.action, 'order.deadline_extended')));
    expect(audit?.details).toMatchObject({ minutes: 45, timer: 'payment_due_at' });
  });

  it('refuses a missing reason, a bound broken and a paused (DISPUTED) order, changing nothing', async () => {
    const { db, merchant, trader } = await parties();
    const operator = await signedInOperator(db);
    const order = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const before = await payoutOf(order.id);
    const extend = (input: Record<string, unknown>) => refusalCode(extendDeadline(db, { input: { flow: 'payout', orderId: order.id, minutes: 30, reason: 'x', ...input }, operator: { id: operator.userId } }));
    expect(await extend({ reason: '   ' })).toBe('VALIDATION_FAILED');
    expect(await extend({ minutes: 0 })).toBe('VALIDATION_FAILED');
    expect(await extend({ minutes: 24 * 60 + 1 })).toBe('VALIDATION_FAILED');
    expect(await extend({})).toBe('DEADLINE_NOT_EXTENDABLE');
    expect(await payoutOf(order.id)).toEqual(before);
    expect((await adjustmentsOf(order.id)).map((row) => row.kind)).toEqual(['pause']);
  });
});

describe('outage catch-up (simulated clock)', () => {
  it('deadlines that fell due while the scheduler was not running move on by the gap instead of all firing at once', async () => {
    const { db, merchant, trader } = await parties();
    await db.delete(schedulerHeartbeats);
    const base = new Date(Date.now() + 48 * HOUR);
    // The platform beats at `base`, then is down for 2 hours.
    expect((await beatAndCatchUp(db, base, TICK)).outageSeconds).toBe(0);

    // A pay-in expiring 30 min into the outage, one expiring after it, and a payout whose
    // payment window ran out 1 h into the outage.
    const inGap = await insertPayin(db, merchant.merchantId, trader.traderId);
    const afterGap = await insertPayin(db, merchant.merchantId, trader.traderId);
    await db.update(payinOrders).set({ expiresAt: new Date(base.getTime() + HOUR / 2) }).where(eq(payinOrders.id, inGap.id));
    await db.update(payinOrders).set({ expiresAt: new Date(base.getTime() + 3 * HOUR) }).where(eq(payinOrders.id, afterGap.id));
    const payout = await insertPayout(db, merchant.merchantId);
    await setTraderOnline(db, { traderId: trader.traderId, online: true });
    await acceptPayout(db, { traderId: trader.traderId, orderId: payout.id });
    await db.update(payoutOrders).set({ paymentDueAt: new Date(base.getTime() + HOUR) }).where(eq(payoutOrders.id, payout.id));

    const back = new Date(base.getTime() + 2 * HOUR);
    const catchUp = await beatAndCatchUp(db, back, TICK);
    expect(catchUp.outageSeconds).toBe(2 * 3600);
    expect(catchUp.moved).toEqual({ 'payin.expires_at': 1, 'payout.payment_due_at': 1 });
    expect((await payinOf(inGap.id)).expiresAt.toISOString()).toBe(new Date(base.getTime() + 2.5 * HOUR).toISOString());
    expect((await payinOf(afterGap.id)).expiresAt.toISOString()).toBe(new Date(base.getTime() + 3 * HOUR).toISOString());
    expect((await payoutOf(payout.id)).paymentDueAt!.toISOString()).toBe(new Date(base.getTime() + 3 * HOUR).toISOString());
    expect((await adjustmentsOf(inGap.id)).map((row) => [row.kind, row.timer, row.seconds])).toEqual([['outage_catch_up', 'expires_at', 7200]]);
    expect(await adjustmentsOf(afterGap.id)).toEqual([]);

    // The timers of the same tick find nothing due; each fires at its moved time.
    await runDueTimers(db, back);
    expect((await payinOf(inGap.id)).status).toBe('PENDING_PAYMENT');
    expect((await payoutOf(payout.id)).status).toBe('PENDING_PAYMENT');
    await runDueTimers(db, new Date(base.getTime() + 2.5 * HOUR));
    expect((await payinOf(inGap.id)).status).toBe('CANCELLED');
    expect((await payoutOf(payout.id)).status).toBe('PENDING_PAYMENT');
  });

  it('regular beats, and a gap of a few ticks, move nothing; the beat is recorded', async () => {
    const { db, merchant, trader } = await parties();
    await db.delete(schedulerHeartbeats);
    const base = new Date(Date.now() + 96 * HOUR);
    const order = await insertPayin(db, merchant.merchantId, trader.traderId);
    await db.update(payinOrders).set({ expiresAt: new Date(base.getTime() + 10_000) }).where(eq(payinOrders.id, order.id));
    await beatAndCatchUp(db, base, TICK);
    const next = new Date(base.getTime() + 3 * TICK);
    expect(await beatAndCatchUp(db, next, TICK)).toEqual({ outageSeconds: 0, moved: {} });
    expect((await payinOf(order.id)).expiresAt.toISOString()).toBe(new Date(base.getTime() + 10_000).toISOString());
    const [beat] = await db.select().from(schedulerHeartbeats).where(eq(schedulerHeartbeats.name, TIMERS_HEARTBEAT));
    expect(beat?.lastBeatAt.toISOString()).toBe(next.toISOString());
  });
});
