import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents, payinOrders, payoutOrders } from '../../db/schema';
import { apiMerchant, payoutBody, payoutTrader } from '../../tests/api/api-harness';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { tinyPng } from '../../tests/fixtures/images';
import { insertPayin } from '../../tests/fixtures/orders';
import { traderWithBalance } from '../../tests/fixtures/parties';
import { accountIds, balanceOf, checkLedgerInvariants } from '../ledger';
import { acceptPayout } from '../payouts/accept-payout';
import { placePayout } from '../payouts/create-payout';
import { submitPayoutProof } from '../payouts/submit-payout-proof';
import { merchants } from '../../db/schema';
import { runDueTimers } from './run-due-timers';

let database: TestDatabase;
let traderId: string;
let merchantId: string;

beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 20 });
  traderId = (await payoutTrader(database.db, '7.0000')).traderId;
  merchantId = (await apiMerchant(database.db, '100000.00')).merchantId;
});
afterAll(async () => {
  await database.close();
});

const minutes = (n: number) => n * 60_000;

async function newPayout(now = new Date()) {
  const [merchant] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
  return database.db.transaction((tx) => placePayout(tx, { merchant: merchant!, input: payoutBody() as never, now }));
}

async function statusOf(orderId: string) {
  const [row] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, orderId));
  return row!;
}

describe('timers (docs/state-machines.md, "Time windows")', () => {
  it('a trader who has not paid by paymentDueAt: PAYMENT_OVERDUE and payout.overdue, not a moment before', async () => {
    const start = new Date();
    const order = await newPayout(start);
    await acceptPayout(database.db, { traderId, orderId: order.id }, start);

    await runDueTimers(database.db, new Date(start.getTime() + minutes(30) - 1));
    expect((await statusOf(order.id)).status).toBe('PENDING_PAYMENT');

    const counts = await runDueTimers(database.db, new Date(start.getTime() + minutes(30)));
    expect(counts['payout.payment_overdue']).toBeGreaterThanOrEqual(1);
    expect((await statusOf(order.id)).status).toBe('PAYMENT_OVERDUE');
    const events = await database.db.select().from(outboxEvents).where(eq(outboxEvents.orderId, order.id));
    expect(events.map((e) => e.type)).toContain('payout.overdue');
  });

  it('a merchant who has not decided within 24 h of the first proof: DISPUTED with MERCHANT_ACTION_TIMEOUT, funds still frozen', async () => {
    const start = new Date();
    const order = await newPayout(start);
    await acceptPayout(database.db, { traderId, orderId: order.id }, start);
    await submitPayoutProof(database.db, { traderId, orderId: order.id, files: [await tinyPng()] }, start);
    const frozen = await balanceOf(database.db, accountIds.merchantFrozen(merchantId));

    await runDueTimers(database.db, new Date(start.getTime() + minutes(24 * 60)));
    const row = await statusOf(order.id);
    expect(row.status).toBe('DISPUTED');
    expect(row.disputeReason).toBe('MERCHANT_ACTION_TIMEOUT');
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchantId))).toBe(frozen);
  });

  it('a pay-in nobody paid expires: CANCELLED, escrow back to the trader, order.cancelled', async () => {
    const payinTrader = await traderWithBalance(database.db, '100.00');
    const order = await insertPayin(database.db, merchantId, payinTrader.traderId, '10.000000');
    expect(await balanceOf(database.db, accountIds.traderEscrow(payinTrader.traderId))).toBe('10.000000');
    await runDueTimers(database.db, new Date(order.expiresAt.getTime() + 1));
    const [row] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, order.id));
    expect(row?.status).toBe('CANCELLED');
    expect(await balanceOf(database.db, accountIds.traderAvailable(payinTrader.traderId))).toBe('100.000000');
    const events = await database.db.select().from(outboxEvents).where(eq(outboxEvents.orderId, order.id));
    expect(events.map((e) => e.type)).toEqual(['order.cancelled']);
  });

  it('two schedulers running at once fire each due order exactly once', async () => {
    const start = new Date();
    const orders = [];
    for (let i = 0; i < 30; i += 1) {
      const order = await newPayout(start);
      await acceptPayout(database.db, { traderId, orderId: order.id }, start);
      orders.push(order);
    }
    const later = new Date(start.getTime() + minutes(31));
    const [a, b] = await Promise.all([runDueTimers(database.db, later, 7), runDueTimers(database.db, later, 7)]);
    expect(a['payout.payment_overdue']! + b['payout.payment_overdue']!).toBe(30);
    for (const order of orders) {
      expect((await statusOf(order.id)).status).toBe('PAYMENT_OVERDUE');
      const events = await database.db.select().from(outboxEvents).where(eq(outboxEvents.orderId, order.id));
      expect(events.filter((e) => e.type === 'payout.overdue')).toHaveLength(1);
    }
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });
});
