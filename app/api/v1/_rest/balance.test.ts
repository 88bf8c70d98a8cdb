import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorTraderClient, type Balance, type PayinCreated, type PayoutCreated } from '../../../../clients/node/corridor-client';
import { Dec } from '../../../../server/money/decimal';
import { issueApiKey } from '../../../../server/api-keys/issue-api-key';
import { balancesOf } from '../../../../server/ledger/balances';
import { submitBuyerPayment } from '../../../../server/checkout/checkout';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, payinTrader, payoutBody, payoutTrader, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db, '10000.00', { feeBps: 100 });
});
afterAll(async () => {
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

async function balanceOf(subject: TestMerchant): Promise<Balance> {
  const response = await subject.client.getBalance();
  expect(response.status).toBe(200);
  return response.body as Balance;
}

/** What the ledger holds for the merchant, read directly. */
async function ledgerOf(subject: TestMerchant) {
  const balances = await balancesOf(database.db, 'merchant', subject.merchantId);
  return { available: balances.available ?? '0.000000', frozen: balances.frozen ?? '0.000000' };
}

describe('GET /api/v1/balance', () => {
  it('a funded merchant: all of it available, as 6-decimal USDT strings', async () => {
    const fresh = await apiMerchant(database.db, '250.50');
    expect(await balanceOf(fresh)).toEqual({ currency: 'USDT', available: '250.500000', frozen: '0.000000', pending: '0.000000' });
  });

  it('equals the ledger after a payout is created: its amount and fee move from available to frozen', async () => {
    await payoutTrader(database.db);
    const before = await balanceOf(merchant);
    const created = (await merchant.client.createPayout(payoutBody({ fiatAmount: '700.00' }) as never, 'balance-payout-1')).body as PayoutCreated;
    const held = new Dec(created.usdAmount).plus(created.usdFeeAmount);

    const after = await balanceOf(merchant);
    expect(after).toMatchObject(await ledgerOf(merchant));
    expect(after.available).toBe(new Dec(before.available).minus(held).toFixed(6));
    expect(after.frozen).toBe(new Dec(before.frozen).plus(held).toFixed(6));
  });

  it('counts a paid pay-in as pending (amount less fee) until it settles, then as available', async () => {
    const seller = await payinTrader(database.db);
    const key = await issueApiKey(database.db, { traderId: seller.traderId });
    const sellerBot = new CorridorTraderClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
    const payin = (await merchant.client.createPayin({ merchantOrderNo: 'balance-payin-1', fiatAmount: '500.00' })).body as PayinCreated;
    const credit = new Dec(payin.assetAmount).minus(Dec.min(new Dec(payin.usdFeeAmount), new Dec(payin.assetAmount))).toFixed(6);
    const start = await balanceOf(merchant);
    // Not paid yet: an open checkout is not money on its way.
    expect(start.pending).toBe('0.000000');

    await submitBuyerPayment(database.db, { token: new URL(payin.payUrl).pathname.split('/').pop() ?? '' });
    const paid = await balanceOf(merchant);
    expect(paid).toEqual({ ...start, pending: credit });

    expect((await sellerBot.releasePayin(payin.orderId)).status).toBe(200);
    const settled = await balanceOf(merchant);
    expect(settled).toMatchObject(await ledgerOf(merchant));
    expect(settled).toEqual({ ...start, available: new Dec(start.available).plus(credit).toFixed(6), pending: '0.000000' });
  });

  it("shows each merchant only its own balance", async () => {
    const stranger = await apiMerchant(database.db, '1.00');
    expect(await balanceOf(stranger)).toEqual({ currency: 'USDT', available: '1.000000', frozen: '0.000000', pending: '0.000000' });
    expect(await balanceOf(merchant)).toMatchObject(await ledgerOf(merchant));
  });

  it('refuses a parameter it does not take', async () => {
    const response = await merchant.client.request('GET', '/api/v1/balance', { query: { currency: 'USDT' } });
    expect([response.status, code(response.body)]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
