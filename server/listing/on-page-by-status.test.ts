import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { payinOrders, payoutOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { insertPayin, insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { listPayins } from '../payins/list-payins';
import { listTraderPayins, listTraderPayinsForDashboard } from '../payins/list-trader-payins';
import { listPayinsInput } from '../payins/payin.schema';
import { listPayouts } from '../payouts/list-payouts';
import { listTraderPayouts } from '../payouts/list-trader-payouts';
import { listPayoutsInput } from '../payouts/payout.schema';

describe.each(['postgres', 'pglite'] as const)("list pages merged from each status's newest (%s)", (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind } : {});
    db = database.db;
  });
  afterAll(() => database.close());

  it('pages through orders whose statuses interleave in time exactly as one sorted list would', async () => {
    const merchant = await merchantWithBalance(db, '0');
    const trader = await traderWithBalance(db, '1000.00');
    const other = await traderWithBalance(db, '1000.00');
    // Eleven pay-ins a minute apart, the statuses taking turns, two at the same minute (the id
    // decides), and one of another trader in between.
    const statuses = ['COMPLETED', 'PENDING_PAYMENT', 'CANCELLED', 'COMPLETED', 'PAYMENT_SUBMITTED', 'FAILED', 'COMPLETED', 'CANCELLED', 'COMPLETED', 'PENDING_PAYMENT', 'COMPLETED'] as const;
    const minute = (i: number) => new Date(Date.UTC(2026, 0, 1, 12, i === 4 ? 3 : i));
    const orders = [];
    for (const [i, status] of statuses.entries()) {
      const order = await insertPayin(db, merchant.merchantId, trader.traderId);
      // A read's fixture: the rows as the flows would have left them.
      await db.update(payinOrders).set({ status, createdAt: minute(i) }).where(eq(payinOrders.id, order.id));
      orders.push({ id: order.id, status, createdAt: minute(i) });
    }
    const foreign = await insertPayin(db, merchant.merchantId, other.traderId);
    await db.update(payinOrders).set({ status: 'COMPLETED', createdAt: minute(5) }).where(eq(payinOrders.id, foreign.id));

    const newestFirst = (ids: { id: string; createdAt: Date }[]) =>
      [...ids].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((order) => order.id);
    const closed = newestFirst(orders.filter((order) => ['COMPLETED', 'CANCELLED', 'FAILED'].includes(order.status)));
    const open = newestFirst(orders.filter((order) => ['PENDING_PAYMENT', 'PAYMENT_SUBMITTED'].includes(order.status)));
    expect(closed).toHaveLength(8);

    const dashboard = async (group: 'open' | 'closed', page: number, pageSize: number) => {
      const listed = await listTraderPayinsForDashboard(db, trader.traderId, { group, page, pageSize });
      return { ids: listed.items.map((item) => item.orderId), total: listed.total };
    };
    expect(await dashboard('closed', 1, 3)).toEqual({ ids: closed.slice(0, 3), total: 8 });
    expect(await dashboard('closed', 2, 3)).toEqual({ ids: closed.slice(3, 6), total: 8 });
    expect(await dashboard('closed', 3, 3)).toEqual({ ids: closed.slice(6), total: 8 });
    expect(await dashboard('closed', 4, 3)).toEqual({ ids: [], total: 8 });
    expect(await dashboard('open', 1, 20)).toEqual({ ids: open, total: 3 });

    // The bot API's list: every status when none is asked for, or the ones asked for, even one.
    const bot = async (page: number, pageSize: number, wanted?: ('COMPLETED' | 'CANCELLED')[]) =>
      (await listTraderPayins(db, trader.traderId, { page, pageSize, statuses: wanted })).items.map((item) => item.id);
    const all = newestFirst(orders);
    expect([...(await bot(1, 4)), ...(await bot(2, 4)), ...(await bot(3, 4))]).toEqual(all);
    expect(await bot(2, 2, ['COMPLETED'])).toEqual(newestFirst(orders.filter((order) => order.status === 'COMPLETED')).slice(2, 4));
    expect(await bot(1, 10, ['COMPLETED', 'CANCELLED'])).toEqual(newestFirst(orders.filter((order) => ['COMPLETED', 'CANCELLED'].includes(order.status))));

    // The merchant's list by several statuses: the other trader's pay-in is the merchant's too.
    const merchantList = async (page: string, status: string) =>
      (await listPayins(db, merchant.merchantId, listPayinsInput.parse({ page, pageSize: '3', status }))).items.map((item) => item.id);
    const completedOrCancelled = newestFirst([...orders, { id: foreign.id, status: 'COMPLETED', createdAt: minute(5) }].filter((order) => ['COMPLETED', 'CANCELLED'].includes(order.status)));
    expect(completedOrCancelled).toHaveLength(8);
    expect([...(await merchantList('1', 'COMPLETED,CANCELLED')), ...(await merchantList('2', 'COMPLETED,CANCELLED')), ...(await merchantList('3', 'COMPLETED,CANCELLED'))]).toEqual(completedOrCancelled);
  });

  it("pages a trader's and a merchant's payouts by several statuses, by accept and by creation", async () => {
    const merchant = await merchantWithBalance(db, '1000.00');
    const trader = await traderWithBalance(db, '1000.00');
    const other = await traderWithBalance(db, '1000.00');
    // Created in one order, accepted in the reverse one: the trader's list follows the accept,
    // the merchant's the creation. The fourth is another trader's, the merchant's all the same.
    const statuses = ['COMPLETED', 'CANCELLED', 'PAYMENT_SUBMITTED', 'COMPLETED', 'CANCELLED', 'COMPLETED', 'COMPLETED'] as const;
    const minute = (i: number) => new Date(Date.UTC(2026, 0, 1, 12, i));
    const orders = [];
    for (const [i, status] of statuses.entries()) {
      const order = await insertPayout(db, merchant.merchantId);
      const traderId = i === 3 ? other.traderId : trader.traderId;
      const acceptedAt = minute(30 - i);
      await db.update(payoutOrders).set({ status, traderId, createdAt: minute(i), acceptedAt }).where(eq(payoutOrders.id, order.id));
      orders.push({ id: order.id, orderNo: order.orderNo, status, traderId, createdAt: minute(i), acceptedAt });
    }
    const closed = ['COMPLETED', 'CANCELLED'];
    const byAccept = orders
      .filter((order) => order.traderId === trader.traderId && closed.includes(order.status))
      .sort((a, b) => b.acceptedAt.getTime() - a.acceptedAt.getTime())
      .map((order) => order.id);
    const traderPage = async (page: number) => (await listTraderPayouts(db, trader.traderId, { group: 'closed', page, pageSize: 2 })).items.map((item) => item.orderId);
    expect(byAccept).toHaveLength(5);
    expect([...(await traderPage(1)), ...(await traderPage(2)), ...(await traderPage(3))]).toEqual(byAccept);
    expect((await listTraderPayouts(db, trader.traderId, { group: 'closed', page: 1, pageSize: 2 })).total).toBe(5);

    const byCreation = orders
      .filter((order) => closed.includes(order.status))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((order) => order.orderNo);
    const merchantPage = async (page: string) =>
      (await listPayouts(db, merchant.merchantId, listPayoutsInput.parse({ page, pageSize: '4', status: 'COMPLETED,CANCELLED' }))).items.map((item) => item.orderNo);
    expect([...(await merchantPage('1')), ...(await merchantPage('2'))]).toEqual(byCreation);
  });
});
