import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayinCreated, PayoutCreated } from '../../../../clients/node/corridor-client';
import { orderTransitions, outboxEvents, payinOrders, payoutOrders } from '../../../../db/schema';
import { retryTransaction } from '../../../../db/retry-transaction';
import { isDomainError } from '../../../../server/errors';
import { accountIds, balanceOf, checkLedgerInvariants } from '../../../../server/ledger';
import { Dec } from '../../../../server/money/decimal';
import { submitBuyerPayment } from '../../../../server/checkout/checkout';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { timers } from '../../../../server/scheduler/timers';
import { apiDatabase, apiMerchant, payinTrader, payoutBody, payoutTrader, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

/**
 * A merchant's cancel racing the action that takes the order out of its reach (a trader's accept,
 * the buyer's "I Have Paid", the expiry timer), run together many times on the real database:
 * exactly one wins each race, the loser hears its documented code, each order has one event and
 * one transition out of its state, and every balance is exact.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});

const ROUNDS = 20;

/**
 * The rival starts 0 to 19 ms after the cancel request, spread over the rounds: a signed request
 * takes a few milliseconds to reach the row lock that a direct call reaches at once, so without
 * the spread the rival would win every round and the other order of events would go untested.
 */
const after = <T>(round: number, work: () => Promise<T>) => new Promise<T>((resolve, reject) => setTimeout(() => work().then(resolve, reject), round % 20));
type ErrorBody = { error: { code: string; status?: string } };

async function eventsOf(orderIds: string[]) {
  return database.db.select({ orderId: outboxEvents.orderId, type: outboxEvents.type }).from(outboxEvents).where(inArray(outboxEvents.orderId, orderIds));
}

describe('payout: merchant cancel against trader accepts', () => {
  it(`${ROUNDS} rounds of one cancel and three accepts at once: one winner per payout, balances exact, one event`, async () => {
    const merchant = await apiMerchant(database.db, '10000.00');
    const traders = await Promise.all(Array.from({ length: 3 }, () => payoutTrader(database.db, '7.0000')));
    const cancelledIds: string[] = [];
    const acceptedIds: string[] = [];
    let frozenExpected = new Dec(0);

    for (let round = 0; round < ROUNDS; round += 1) {
      const key = `race-${round}`;
      const created = (await merchant.client.createPayout(payoutBody({ merchantOrderNo: key, fiatAmount: undefined, usdAmount: '10.00' }) as never, key)).body as PayoutCreated;
      const [cancel, ...accepts] = await Promise.allSettled([
        merchant.client.cancelPayout(created.orderNo, { reason: `round ${round}` }),
        ...traders.map((trader) => after(round, () => acceptPayout(database.db, { traderId: trader.traderId, orderId: created.orderId }))),
      ]);
      if (cancel?.status !== 'fulfilled') throw new Error('the cancel request itself failed');
      const acceptWins = accepts.filter((outcome) => outcome.status === 'fulfilled').length;
      const acceptLosses = accepts.filter((outcome) => outcome.status === 'rejected' && isDomainError(outcome.reason, 'INVALID_ORDER_STATE')).length;
      expect(acceptWins + acceptLosses).toBe(traders.length);

      const [row] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, created.orderId));
      if (cancel.value.status === 200) {
        expect(acceptWins).toBe(0);
        expect(row?.status).toBe('CANCELLED');
        expect(row?.traderId).toBeNull();
        cancelledIds.push(created.orderId);
      } else {
        expect(cancel.value.status).toBe(409);
        expect((cancel.value.body as ErrorBody).error).toMatchObject({ code: 'INVALID_ORDER_STATE', status: 'PENDING_PAYMENT' });
        expect(acceptWins).toBe(1);
        expect(row?.status).toBe('PENDING_PAYMENT');
        acceptedIds.push(created.orderId);
        frozenExpected = frozenExpected.plus('10.00');
      }
    }

    expect(cancelledIds.length + acceptedIds.length).toBe(ROUNDS);
    // Every payout left PENDING_MATCH exactly once, by the action that won.
    const exits = await database.db
      .select({ orderId: orderTransitions.orderId, action: orderTransitions.action })
      .from(orderTransitions)
      .where(and(inArray(orderTransitions.orderId, [...cancelledIds, ...acceptedIds]), eq(orderTransitions.fromStatus, 'PENDING_MATCH')));
    expect(exits).toHaveLength(ROUNDS);
    for (const exit of exits) expect(exit.action).toBe(cancelledIds.includes(exit.orderId) ? 'merchant_cancel' : 'accept');

    const events = await eventsOf([...cancelledIds, ...acceptedIds]);
    expect(events).toHaveLength(ROUNDS);
    for (const event of events) expect(event.type).toBe(cancelledIds.includes(event.orderId!) ? 'payout.cancelled' : 'payout.accepted');

    // Fee 0: each payout froze exactly 10.00; only the accepted ones still hold it.
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchant.merchantId))).toBe(frozenExpected.toFixed(6));
    expect(await balanceOf(database.db, accountIds.merchantAvailable(merchant.merchantId))).toBe(new Dec('10000.00').minus(frozenExpected).toFixed(6));
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  }, 120_000);
});

describe('pay-in: merchant cancel against "I Have Paid" and against expiry', () => {
  async function payinsOf(merchant: TestMerchant, count: number, prefix: string) {
    const created: (PayinCreated & { token: string })[] = [];
    for (let i = 0; i < count; i += 1) {
      const body = (await merchant.client.createPayin({ merchantOrderNo: `${prefix}-${i}`, assetAmount: '10' })).body as PayinCreated;
      expect(body.status).toBe('PENDING_PAYMENT');
      created.push({ ...body, token: body.payUrl.split('/pay/')[1]! });
    }
    return created;
  }

  it(`${ROUNDS} rounds of cancel and "I Have Paid" at once: one winner per pay-in, escrow exact, one event`, async () => {
    const merchant = await apiMerchant(database.db, '0');
    const trader = await payinTrader(database.db, '7.2500', '1000.00');
    const orders = await payinsOf(merchant, ROUNDS, 'paid-race');
    expect(await balanceOf(database.db, accountIds.traderEscrow(trader.traderId))).toBe(new Dec(10).times(ROUNDS).toFixed(6));

    const paid: string[] = [];
    const cancelled: string[] = [];
    for (const [round, order] of orders.entries()) {
      const [cancel, payment] = await Promise.allSettled([
        merchant.client.cancelPayin(order.orderNo),
        after(round, () => submitBuyerPayment(database.db, { token: order.token })),
      ]);
      if (cancel?.status !== 'fulfilled' || !payment) throw new Error('the cancel request itself failed');
      if (cancel.value.status === 200) {
        expect(payment.status === 'rejected' && isDomainError(payment.reason, 'INVALID_ORDER_STATE')).toBe(true);
        cancelled.push(order.orderId);
      } else {
        expect(cancel.value.status).toBe(409);
        expect((cancel.value.body as ErrorBody).error).toMatchObject({ code: 'INVALID_ORDER_STATE', status: 'PAYMENT_SUBMITTED' });
        expect(payment.status).toBe('fulfilled');
        paid.push(order.orderId);
      }
    }

    const rows = await database.db.select({ id: payinOrders.id, status: payinOrders.status }).from(payinOrders).where(eq(payinOrders.merchantId, merchant.merchantId));
    for (const row of rows) expect(row.status).toBe(cancelled.includes(row.id) ? 'CANCELLED' : 'PAYMENT_SUBMITTED');
    const events = await eventsOf(orders.map((order) => order.orderId));
    expect(events).toHaveLength(ROUNDS);
    for (const event of events) expect(event.type).toBe(cancelled.includes(event.orderId!) ? 'order.cancelled' : 'order.payment_submitted');

    // Each pay-in escrowed 10; the cancelled ones gave it back, the paid ones still hold it.
    expect(await balanceOf(database.db, accountIds.traderEscrow(trader.traderId))).toBe(new Dec(10).times(paid.length).toFixed(6));
    expect(await balanceOf(database.db, accountIds.traderAvailable(trader.traderId))).toBe(new Dec(1000).minus(new Dec(10).times(paid.length)).toFixed(6));
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  }, 120_000);

  it(`${ROUNDS} rounds of cancel and the expiry timer at once: cancelled once, escrow returned once, one order.cancelled`, async () => {
    const merchant = await apiMerchant(database.db, '0');
    // Cheaper than the trader of the test above, so every pay-in here is matched to this one.
    const trader = await payinTrader(database.db, '7.2000', '1000.00');
    const orders = await payinsOf(merchant, ROUNDS, 'expiry-race');
    const expire = timers.find((timer) => timer.name === 'payin.expire')!;

    for (const [round, order] of orders.entries()) {
      const [row] = await database.db.select({ expiresAt: payinOrders.expiresAt }).from(payinOrders).where(eq(payinOrders.id, order.orderId));
      const later = new Date(row!.expiresAt.getTime() + 1);
      // The scheduler fires each due order this way (run-due-timers.ts), in its own transaction.
      const [cancel, expiry] = await Promise.allSettled([
        merchant.client.cancelPayin(order.orderNo),
        after(round, () => retryTransaction(database.db, (tx) => expire.fire(tx, order.orderId, later))),
      ]);
      if (cancel?.status !== 'fulfilled' || !expiry) throw new Error('the cancel request itself failed');
      if (cancel.value.status === 200) {
        expect(expiry.status === 'rejected' && isDomainError(expiry.reason, 'INVALID_ORDER_STATE')).toBe(true);
      } else {
        expect(cancel.value.status).toBe(409);
        expect((cancel.value.body as ErrorBody).error).toMatchObject({ code: 'INVALID_ORDER_STATE', status: 'CANCELLED' });
        expect(expiry.status).toBe('fulfilled');
      }
      const exits = await database.db.select({ action: orderTransitions.action }).from(orderTransitions).where(and(eq(orderTransitions.orderId, order.orderId), eq(orderTransitions.toStatus, 'CANCELLED')));
      expect(exits.map((exit) => exit.action)).toEqual([cancel.value.status === 200 ? 'merchant_cancel' : 'expire']);
    }

    const events = await eventsOf(orders.map((order) => order.orderId));
    expect(events.map((event) => event.type)).toEqual(Array.from({ length: ROUNDS }, () => 'order.cancelled'));
    expect(new Set(events.map((event) => event.orderId)).size).toBe(ROUNDS);
    expect(await balanceOf(database.db, accountIds.traderEscrow(trader.traderId))).toBe('0.000000');
    expect(await balanceOf(database.db, accountIds.traderAvailable(trader.traderId))).toBe('1000.000000');
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  }, 120_000);
});
