import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { tinyPng } from '../../tests/fixtures/images';
import { insertPayin, insertPayout } from '../../tests/fixtures/orders';
import { listPayins } from '../payins/list-payins';
import { listPayinsInput } from '../payins/payin.schema';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { acceptPayout } from '../payouts/accept-payout';
import { decidePayout } from '../payouts/decide-payout';
import { merchantCancelPayout } from '../payouts/merchant-cancel-payout';
import { newOrderNo } from '../payouts/order-numbers';
import { submitPayoutProof } from '../payouts/submit-payout-proof';
import { setTraderOnline } from '../traders/set-online';
import { csvCell, exportMerchantOrders } from './export-merchant-orders';
import { listConsoleOrders } from './list-console-orders';
import { merchantOverview } from './merchant-overview';
import { merchantPayoutPage } from './merchant-payout-page';

let database: TestDatabase;
let merchantId: string;
let traderId: string;

async function withProof(amounts?: { usdAmount: string; usdFeeAmount: string }) {
  const order = await insertPayout(database.db, merchantId, amounts);
  await acceptPayout(database.db, { traderId, orderId: order.id });
  await submitPayoutProof(database.db, { traderId, orderId: order.id, files: [await tinyPng('#445566')] });
  return order;
}

async function csvOf(generator: AsyncGenerator<string>) {
  let text = '';
  for await (const chunk of generator) text += chunk;
  return text;
}

beforeAll(async () => {
  database = await createTestDatabase();
  ({ merchantId } = await merchantWithBalance(database.db, '1000'));
  ({ traderId } = await traderWithBalance(database.db, '1000'));
  await setTraderOnline(database.db, { traderId, online: true });
});
afterAll(async () => {
  await database.close();
});

describe('the overview figures', () => {
  it('counts, volume, success rate, median completion and open disputes, today and over 30 days', async () => {
    const empty = await merchantOverview(database.db, { merchantId });
    expect(empty.payouts).toMatchObject({ today: { orders: 0, completed: 0, volume: '0.00' }, successRate: null, medianCompletionSeconds: null, openDisputes: 0 });
    expect(empty.payouts.days).toHaveLength(30);

    const confirmed = await withProof({ usdAmount: '12.50', usdFeeAmount: '0.10' });
    await decidePayout(database.db, { merchantId, reference: confirmed.orderNo, decision: { decision: 'CONFIRM' } });
    const disputed = await withProof();
    await decidePayout(database.db, { merchantId, reference: disputed.orderNo, decision: { decision: 'DISPUTE', reason: 'Not received' } });
    const cancelled = await insertPayout(database.db, merchantId);
    await merchantCancelPayout(database.db, { merchantId, reference: cancelled.orderNo });
    // An order of 40 days ago is outside the window.
    const old = await insertPayout(database.db, merchantId);
    await database.db.update(payoutOrders).set({ createdAt: new Date(Date.now() - 40 * 24 * 3600 * 1000) }).where(eq(payoutOrders.id, old.id));

    const overview = await merchantOverview(database.db, { merchantId });
    expect(overview.payouts.today).toEqual({ orders: 3, completed: 1, volume: '12.50' });
    expect(overview.payouts.last30Days).toEqual({ orders: 3, completed: 1, volume: '12.50' });
    // One completed of two finished (the disputed one is not finished).
    expect(overview.payouts.successRate).toBe('0.5000');
    expect(overview.payouts.medianCompletionSeconds).toBeGreaterThanOrEqual(0);
    expect(overview.payouts.openDisputes).toBe(1);
    expect(overview.payouts.days.at(-1)).toMatchObject({ day: new Date().toISOString().slice(0, 10), orders: 3, completed: 1, volume: '12.50' });
    expect(overview.payins.last30Days).toEqual({ orders: 0, completed: 0, volume: '0.00' });
  });
});

describe('the CSV export', () => {
  it('escapes cells and defuses formulas, leaving numbers as numbers', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell('-0.006944')).toBe('-0.006944');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
  });

  it('streams every row of the filter once, in order, across keyset batches, and nothing of another merchant', async () => {
    const other = await merchantWithBalance(database.db, '100');
    await insertPayout(database.db, other.merchantId);
    const hostile = await insertPayout(database.db, merchantId);
    await database.db.update(payoutOrders).set({ merchantOrderNo: '=cmd|"/c calc"!A1' }).where(eq(payoutOrders.id, hostile.id));
    const rows = await database.db.select({ orderNo: payoutOrders.orderNo }).from(payoutOrders).where(eq(payoutOrders.merchantId, merchantId));

    const newest = (await csvOf(exportMerchantOrders(database.db, { merchantId, flow: 'payouts', filter: { sort: 'newest' }, batchSize: 2 }))).trimEnd().split('\r\n');
    expect(newest[0]).toMatch(/^orderNo,merchantOrderNo,status,usdAmount,/);
    const orderNos = newest.slice(1).map((line) => line.split(',')[0]);
    expect([...orderNos].sort()).toEqual(rows.map((row) => row.orderNo).sort());
    expect(new Set(orderNos).size).toBe(orderNos.length);
    expect(newest[1]).toContain(`${hostile.orderNo},"'=cmd|""/c calc""!A1"`);

    const oldest = (await csvOf(exportMerchantOrders(database.db, { merchantId, flow: 'payouts', filter: { sort: 'oldest' }, batchSize: 3 }))).trimEnd().split('\r\n');
    expect(oldest.slice(1).map((line) => line.split(',')[0])).toEqual([...orderNos].reverse());

    const disputedOnly = await csvOf(exportMerchantOrders(database.db, { merchantId, flow: 'payouts', filter: { sort: 'newest', status: ['DISPUTED'] } }));
    expect(disputedOnly.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it("streams a merchant's pay-ins with the API list's fields, every line the order's list item", async () => {
    const payer = await merchantWithBalance(database.db, '0');
    for (let i = 0; i < 3; i++) await insertPayin(database.db, payer.merchantId, traderId, `1${i}.500000`);
    await insertPayin(database.db, merchantId, traderId);
    const listed = (await listPayins(database.db, payer.merchantId, listPayinsInput.parse({}))).items;
    const lines = (await csvOf(exportMerchantOrders(database.db, { merchantId: payer.merchantId, flow: 'payins', filter: { sort: 'newest' }, batchSize: 2 }))).trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    expect(header).toEqual(['orderNo', 'merchantOrderNo', 'status', 'assetAmount', 'usdAmount', 'usdFeeAmount', 'fiatCurrency', 'fiatAmount', 'fxRate', 'createdAt', 'updatedAt', 'paymentSubmittedAt', 'completedAt']);
    expect(lines.slice(1)).toEqual(listed.map((item) => header.map((column) => csvCell((item as Record<string, string | null>)[column])).join(',')));
    expect(listed.map((item) => item.assetAmount).sort()).toEqual(['10.500000', '11.500000', '12.500000']);
  });
});

describe('the console order tables', () => {
  it('search by either number, status, an inclusive UTC day range, both sorts and pages, and only this merchant', async () => {
    const fresh = await merchantWithBalance(database.db, '100');
    const other = await merchantWithBalance(database.db, '100');
    const foreign = await insertPayout(database.db, other.merchantId);
    const orders = [];
    for (const day of ['2026-03-01T10:00:00Z', '2026-03-02T23:59:59Z', '2026-03-03T00:00:00Z']) {
      const order = await insertPayout(database.db, fresh.merchantId);
      await database.db.update(payoutOrders).set({ createdAt: new Date(day) }).where(eq(payoutOrders.id, order.id));
      orders.push(order);
    }
    await merchantCancelPayout(database.db, { merchantId: fresh.merchantId, reference: orders[0]!.orderNo });
    const list = (query: Partial<Parameters<typeof listConsoleOrders>[1]['query']>) =>
      listConsoleOrders(database.db, { merchantId: fresh.merchantId, flow: 'payouts', query: { page: 1, sort: 'newest', ...query } });
    const numbers = async (query: Parameters<typeof list>[0]) => (await list(query)).items.map((item) => item.orderNo);
    const [a, b, c] = orders.map((order) => order.orderNo);

    expect(await numbers({})).toEqual([c, b, a]);
    expect(await numbers({ sort: 'oldest' })).toEqual([a, b, c]);
    expect((await list({})).total).toBe(3);
    expect(await numbers({ search: orders[1]!.merchantOrderNo })).toEqual([b]);
    expect(await numbers({ search: b! })).toEqual([b]);
    expect(await numbers({ search: foreign.orderNo })).toEqual([]);
    expect(await numbers({ status: ['CANCELLED'] })).toEqual([a]);
    expect(await numbers({ status: ['PENDING_MATCH'], sort: 'oldest' })).toEqual([b, c]);
    // A bare date as `to` takes in the whole UTC day, in both list paths.
    expect(await numbers({ from: '2026-03-02', to: '2026-03-02' })).toEqual([b]);
    expect(await numbers({ from: '2026-03-02', to: '2026-03-02', sort: 'oldest' })).toEqual([b]);
    expect(await list({ page: 2 })).toMatchObject({ items: [], total: 3, page: 2, pageSize: 20 });
  });
});

describe('the console search in any case', () => {
  it('finds an orderNo typed in lower case and a merchantOrderNo in any case, on both list paths and in the export, never another merchant\'s', async () => {
    const fresh = await merchantWithBalance(database.db, '100');
    const other = await merchantWithBalance(database.db, '100');
    // A platform number as Corridor makes them (upper case), a merchant number in mixed case.
    const [mixed] = await database.db
      .update(payoutOrders)
      .set({ orderNo: newOrderNo('WD', new Date()), merchantOrderNo: 'Shop-Order-7A' })
      .where(eq(payoutOrders.id, (await insertPayout(database.db, fresh.merchantId)).id))
      .returning();
    if (!mixed) throw new Error('no order');
    const twin = await insertPayout(database.db, fresh.merchantId);
    // The same number differing only in case: both are the merchant's, both are found.
    await database.db.update(payoutOrders).set({ merchantOrderNo: 'SHOP-ORDER-7a' }).where(eq(payoutOrders.id, twin.id));
    const [theirs] = await database.db
      .update(payoutOrders)
      .set({ orderNo: newOrderNo('WD', new Date()), merchantOrderNo: 'shop-order-7a' })
      .where(eq(payoutOrders.id, (await insertPayout(database.db, other.merchantId)).id))
      .returning();
    if (!theirs) throw new Error('no order');
    const numbers = async (search: string, sort: 'newest' | 'oldest' = 'newest') =>
      (await listConsoleOrders(database.db, { merchantId: fresh.merchantId, flow: 'payouts', query: { page: 1, sort, search } })).items.map((item) => item.orderNo).sort();

    expect(await numbers(mixed.orderNo.toLowerCase())).toEqual([mixed.orderNo]);
    expect(await numbers(mixed.orderNo)).toEqual([mixed.orderNo]);
    expect(await numbers('shop-order-7a')).toEqual([mixed.orderNo, twin.orderNo].sort());
    expect(await numbers('sHoP-oRdEr-7A', 'oldest')).toEqual([mixed.orderNo, twin.orderNo].sort());
    expect(await numbers('Shop-Order-7')).toEqual([]);
    expect(await numbers(theirs.orderNo.toLowerCase())).toEqual([]);
    const csv = (await csvOf(exportMerchantOrders(database.db, { merchantId: fresh.merchantId, flow: 'payouts', filter: { sort: 'newest', search: 'SHOP-ORDER-7A' } }))).trimEnd().split('\r\n');
    expect(csv.slice(1).map((line) => line.split(',')[0]).sort()).toEqual([mixed.orderNo, twin.orderNo].sort());
  });
});

describe('the payout page', () => {
  it('names the recipient as the merchant gave them, with the account masked to its last 4 digits', async () => {
    const order = await withProof();
    const page = await merchantPayoutPage(database.db, { merchantId, reference: order.orderNo });
    expect(page.recipient).toEqual({ holderName: 'Li Lei', bankName: 'Bank of China', accountLast4: '1234' });
    expect(page.payout).toMatchObject({ status: 'PAYMENT_SUBMITTED', bankAccountLast4: '1234' });
    expect(JSON.stringify(page)).not.toContain('v1.test.ciphertext');
    expect(page.actions).toEqual(expect.arrayContaining(['confirm', 'dispute']));
    expect(page.proofs).toHaveLength(1);
  });
});
