import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { payoutOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { listPayouts } from '../payouts/list-payouts';
import { listPayoutsInput } from '../payouts/payout.schema';
import { applyPayoutTransition } from '../payouts/apply-payout-transition';
import { orderCountDrift } from './order-count-drift';

describe.each(['postgres', 'pglite'] as const)('list totals from merchant_order_counts (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind } : {});
    db = database.db;
  });
  afterAll(() => database.close());

  const totalOf = async (merchantId: string, query: Record<string, string>) => (await listPayouts(db, merchantId, listPayoutsInput.parse(query))).total;

  it('stays exact through creates and transitions, per status and per merchant', async () => {
    const merchant = await merchantWithBalance(db, '1000.00');
    const other = await merchantWithBalance(db, '1000.00');
    const orders = [];
    for (let i = 0; i < 5; i += 1) orders.push(await insertPayout(db, merchant.merchantId));
    await insertPayout(db, other.merchantId);
    expect(await totalOf(merchant.merchantId, {})).toBe(5);
    expect(await totalOf(other.merchantId, {})).toBe(1);

    for (const order of orders.slice(0, 2)) {
      await db.transaction((tx) => applyPayoutTransition(tx, { orderId: order.id, action: 'cancel', actor: { type: 'operator', id: null }, note: 'test', context: { note: 'test' }, eventData: () => ({}) }));
    }
    expect(await totalOf(merchant.merchantId, { status: 'CANCELLED' })).toBe(2);
    expect(await totalOf(merchant.merchantId, { status: 'PENDING_MATCH' })).toBe(3);
    expect(await totalOf(merchant.merchantId, { status: 'PENDING_MATCH,CANCELLED' })).toBe(5);
    expect(await totalOf(merchant.merchantId, { status: 'COMPLETED' })).toBe(0);
    // Other filters are counted on the rows and agree.
    expect(await totalOf(merchant.merchantId, { from: '2000-01-01', status: 'CANCELLED' })).toBe(2);
    expect(await orderCountDrift(db)).toEqual([]);
  });

  it('a status page holds that status\'s orders newest first, for one status and for several', async () => {
    const merchant = await merchantWithBalance(db, '1000.00');
    const orders = [];
    for (let i = 0; i < 5; i += 1) orders.push(await insertPayout(db, merchant.merchantId));
    for (const order of [orders[1]!, orders[3]!]) {
      await db.transaction((tx) => applyPayoutTransition(tx, { orderId: order.id, action: 'cancel', actor: { type: 'operator', id: null }, note: 'test', context: { note: 'test' }, eventData: () => ({}) }));
    }
    const expected = async (statuses: string[]) =>
      (
        await db
          .select({ orderNo: payoutOrders.orderNo })
          .from(payoutOrders)
          .where(and(eqMerchant(merchant.merchantId), inArray(payoutOrders.status, statuses as never[])))
          .orderBy(desc(payoutOrders.createdAt), desc(payoutOrders.id))
      ).map((row) => row.orderNo);
    const page = async (query: Record<string, string>) =>
      (await listPayouts(db, merchant.merchantId, listPayoutsInput.parse(query))).items.map((item) => item.orderNo);

    expect(await page({ status: 'CANCELLED' })).toEqual(await expected(['CANCELLED']));
    expect(await page({ status: 'CANCELLED' })).toHaveLength(2);
    expect(await page({ status: 'PENDING_MATCH' })).toEqual(await expected(['PENDING_MATCH']));
    expect(await page({ status: 'PENDING_MATCH,CANCELLED' })).toEqual(await expected(['PENDING_MATCH', 'CANCELLED']));
    expect(await page({ status: 'CANCELLED', page: '2', pageSize: '1' })).toEqual((await expected(['CANCELLED'])).slice(1));
    expect(await page({ status: 'CANCELLED,PENDING_MATCH', page: '2', pageSize: '2' })).toEqual((await expected(['PENDING_MATCH', 'CANCELLED'])).slice(2, 4));
    expect(await page({ status: 'CANCELLED,PENDING_MATCH', page: '3', pageSize: '2' })).toEqual((await expected(['PENDING_MATCH', 'CANCELLED'])).slice(4));
    // A status named twice is one status: no order twice, the same total.
    expect(await page({ status: 'CANCELLED,CANCELLED' })).toEqual(await expected(['CANCELLED']));
    expect(await totalOf(merchant.merchantId, { status: 'CANCELLED,CANCELLED' })).toBe(2);
    expect(await totalOf(merchant.merchantId, { status: 'CANCELLED,PENDING_MATCH,CANCELLED' })).toBe(5);
  });

  it('a statement that changes no status writes no counter row; a direct update is still counted', async () => {
    const merchant = await merchantWithBalance(db, '100.00');
    await insertPayout(db, merchant.merchantId);
    await db.update(payoutOrders).set({ updatedAt: new Date() });
    await db.update(payoutOrders).set({ status: 'DISPUTED' }).where(eqMerchant(merchant.merchantId));
    expect(await totalOf(merchant.merchantId, { status: 'DISPUTED' })).toBe(1);
    expect(await orderCountDrift(db)).toEqual([]);
  });
});

const eqMerchant = (merchantId: string) => eq(payoutOrders.merchantId, merchantId);
