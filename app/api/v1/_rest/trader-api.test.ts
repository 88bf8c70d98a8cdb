import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorTraderClient, type PayinCreated, type Payout, type PayoutCreated, type TraderPayinList } from '../../../../clients/node/corridor-client';
import { issueApiKey } from '../../../../server/api-keys/issue-api-key';
import { eq } from 'drizzle-orm';
import { payinOrders, payoutOrders } from '../../../../db/schema';
import { submitBuyerPayment } from '../../../../server/checkout/checkout';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, payinTrader, payoutBody, payoutTrader, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { tinyPng } from '../../../../tests/fixtures/images';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

async function traderBot(price = '7.0000') {
  const trader = await payoutTrader(database.db, price);
  const key = await issueApiKey(database.db, { traderId: trader.traderId });
  return { traderId: trader.traderId, client: new CorridorTraderClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch }) };
}

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

describe('trader API (bots)', () => {
  it('lists open tasks, accepts one, uploads proof as multipart; the merchant then sees PAYMENT_SUBMITTED', async () => {
    const bot = await traderBot();
    const created = (await merchant.client.createPayout(payoutBody() as never, 'bot-1')).body as PayoutCreated;
    const tasks = await bot.client.listTasks();
    expect(tasks.status).toBe(200);
    expect((tasks.body as { items: { orderId: string }[] }).items.map((t) => t.orderId)).toContain(created.orderId);
    expect(JSON.stringify(tasks.body)).not.toContain('2233445'); // no recipient account before accepting

    const accepted = await bot.client.acceptTask(created.orderId);
    expect(accepted.status).toBe(200);
    expect((accepted.body as Payout).status).toBe('PENDING_PAYMENT');

    const proof = await bot.client.submitProof(created.orderId, [
      { name: 'slip-1.png', type: 'image/png', bytes: await tinyPng() },
      { name: 'slip-2.png', type: 'image/png', bytes: await tinyPng('blue') },
    ]);
    expect(proof.status).toBe(200);
    expect(((await merchant.client.getPayout(created.orderNo)).body as Payout).status).toBe('PAYMENT_SUBMITTED');
  });

  it("another trader's task is 404 ORDER_NOT_FOUND; a second accept is 409", async () => {
    const first = await traderBot();
    const second = await traderBot();
    const created = (await merchant.client.createPayout(payoutBody() as never, 'bot-2')).body as PayoutCreated;
    expect((await first.client.acceptTask(created.orderId)).status).toBe(200);
    const late = await second.client.acceptTask(created.orderId);
    expect([late.status, code(late.body)]).toEqual([409, 'INVALID_ORDER_STATE']);
    const foreign = await second.client.submitProof(created.orderId, [{ name: 'a.png', type: 'image/png', bytes: await tinyPng() }]);
    expect([foreign.status, code(foreign.body)]).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it("another trader's accepted task and matched pay-in are 404 ORDER_NOT_FOUND for every action; nothing changes", async () => {
    const holder = await traderBot();
    const stranger = await traderBot();
    const created = (await merchant.client.createPayout(payoutBody() as never, 'bot-foreign')).body as PayoutCreated;
    expect((await holder.client.acceptTask(created.orderId)).status).toBe(200);

    const seller = await payinTrader(database.db);
    const payin = (await merchant.client.createPayin({ merchantOrderNo: 'bot-foreign-payin', fiatAmount: '100.00' })).body as PayinCreated;
    const [matched] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, payin.orderId));
    expect(matched?.traderId).toBe(seller.traderId);
    await submitBuyerPayment(database.db, { token: new URL(payin.payUrl).pathname.split('/').pop() ?? '' });

    for (const response of [
      await stranger.client.submitProof(created.orderId, [{ name: 'a.png', type: 'image/png', bytes: await tinyPng() }]),
      await stranger.client.releasePayin(payin.orderId),
      await stranger.client.reportNotReceived(payin.orderId, 'not mine'),
    ]) {
      expect([response.status, code(response.body)]).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    const [payoutRow] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, created.orderId));
    const [payinRow] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, payin.orderId));
    expect([payoutRow?.status, payoutRow?.traderId]).toEqual(['PENDING_PAYMENT', holder.traderId]);
    expect([payinRow?.status, payinRow?.traderId]).toEqual(['PAYMENT_SUBMITTED', seller.traderId]);
  });

  it('a bot reads from its pay-in list the amount the buyer was told to transfer and the memo reference, to check a credit before releasing', async () => {
    const seller = await payinTrader(database.db, '6.9000');
    const key = await issueApiKey(database.db, { traderId: seller.traderId });
    const bot = new CorridorTraderClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
    const payin = (await merchant.client.createPayin({ merchantOrderNo: 'bot-expects', fiatAmount: '100.00' })).body as PayinCreated;
    const [row] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, payin.orderId));
    expect(row?.traderId).toBe(seller.traderId);

    const listed = await bot.listPayins({ status: 'PENDING_PAYMENT' });
    expect(listed.status).toBe(200);
    const item = (listed.body as TraderPayinList).items.find((entry) => entry.id === payin.orderId);
    expect(item).toMatchObject({ fiatAmount: '100.00', expectedFiatAmount: row!.paymentFiatAmount ?? '100.00', buyerReference: row!.buyerReference });
    expect(item?.buyerReference).toMatch(/^[A-Z2-9]{6}$/);
  });

  it('a text file named .png is refused with the field that failed', async () => {
    const bot = await traderBot();
    const created = (await merchant.client.createPayout(payoutBody() as never, 'bot-3')).body as PayoutCreated;
    await bot.client.acceptTask(created.orderId);
    const response = await bot.client.submitProof(created.orderId, [{ name: 'slip.png', type: 'image/png', bytes: new TextEncoder().encode('not an image') }]);
    expect(response.status).toBe(400);
    expect((response.body as { error: { details: unknown[] } }).error.details).toEqual([{ path: 'proofs.0', message: 'must be a JPEG, PNG or WebP image' }]);
  });

  it('keys are not interchangeable: a merchant key on the trader API and a trader key on the merchant API are refused', async () => {
    const bot = await traderBot();
    const merchantOnTrader = await merchant.client.request('GET', '/api/v1/trader/tasks');
    expect([merchantOnTrader.status, code(merchantOnTrader.body)]).toEqual([401, 'INVALID_API_KEY']);
    const traderOnMerchant = await bot.client.request('GET', '/api/v1/withdrawals');
    expect([traderOnMerchant.status, code(traderOnMerchant.body)]).toEqual([401, 'INVALID_API_KEY']);
  });
});
