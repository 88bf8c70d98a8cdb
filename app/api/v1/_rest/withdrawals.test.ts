import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payout, PayoutCreated, PayoutList } from '../../../../clients/node/corridor-client';
import { accountIds, balanceOf, checkLedgerInvariants, platformFeeBalance } from '../../../../server/ledger';
import { Dec } from '../../../../server/money/decimal';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { apiDatabase, apiMerchant, errorCodeOf, payoutBody, payoutTrader, rawRequest, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { tinyPng } from '../../../../tests/fixtures/images';

let database: TestDatabase;
let merchant: TestMerchant;
let traderId: string;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db, '100000.00', { feeBps: 35 });
  traderId = (await payoutTrader(database.db, '7.1234')).traderId;
});
afterAll(async () => {
  await database.close();
});

async function create(overrides: Record<string, unknown> = {}, key = `key-${Math.random()}`) {
  return merchant.client.createPayout(payoutBody(overrides) as never, key);
}

async function code(promise: ReturnType<typeof create>) {
  const response = await promise;
  return [response.status, (response.body as { error?: { code: string } }).error?.code];
}

describe('POST /api/v1/withdrawals', () => {
  it('creates a payout: 201 with the create fields, amounts as docs/amounts.md computes them', async () => {
    const response = await create({ fiatAmount: '1000.00' });
    expect(response.status).toBe(201);
    const body = response.body as PayoutCreated;
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'direction', 'fiatAmount', 'fiatCurrency', 'orderId', 'orderNo', 'status', 'usdAmount', 'usdFeeAmount'].sort());
    expect(body).toMatchObject({
      status: 'PENDING_MATCH',
      direction: 'WITHDRAW',
      fiatAmount: '1000.00',
      fiatCurrency: 'CNY',
      usdAmount: '140.39', // 1000 / 7.1234 = 140.382..., rounded up
      usdFeeAmount: '0.50', // 140.39 x 35 / 10000 = 0.491..., rounded up
    });
    expect(body.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.orderNo).toMatch(/^WD\d{20}$/);
    expect(body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('with usdAmount, the CNY to transfer rounds down', async () => {
    const response = await create({ fiatAmount: undefined, usdAmount: '100.01' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ usdAmount: '100.01', fiatAmount: '712.41' }); // 100.01 x 7.1234 = 712.411...
  });

  it.each([
    ['merchantOrderNo of 64 characters', { merchantOrderNo: 'm'.repeat(64) }, 201],
    ['merchantOrderNo of 65 characters', { merchantOrderNo: 'm'.repeat(65) }, 400],
    ['empty merchantOrderNo', { merchantOrderNo: '' }, 400],
    ['holderName of 64 characters', { recipient: { holderName: 'h'.repeat(64), bankAccount: '62220202', bankName: 'BOC' } }, 201],
    ['holderName of 65 characters', { recipient: { holderName: 'h'.repeat(65), bankAccount: '62220202', bankName: 'BOC' } }, 400],
    ['bankAccount of 7 digits', { recipient: { holderName: 'Li', bankAccount: '6222020', bankName: 'BOC' } }, 400],
    ['bankAccount of 8 digits', { recipient: { holderName: 'Li', bankAccount: '62220202', bankName: 'BOC' } }, 201],
    ['bankAccount of 32 digits', { recipient: { holderName: 'Li', bankAccount: '6'.repeat(32), bankName: 'BOC' } }, 201],
    ['bankAccount of 33 digits', { recipient: { holderName: 'Li', bankAccount: '6'.repeat(33), bankName: 'BOC' } }, 400],
    ['bankAccount with a non-digit', { recipient: { holderName: 'Li', bankAccount: '6222-0202', bankName: 'BOC' } }, 400],
    ['fiatAmount with 1 decimal', { fiatAmount: '700.0' }, 400],
    ['fiatAmount with 3 decimals', { fiatAmount: '700.000' }, 400],
    ['usdAmount with 1 decimal', { fiatAmount: undefined, usdAmount: '10.0' }, 400],
    ['usdAmount with 3 decimals', { fiatAmount: undefined, usdAmount: '10.000' }, 400],
    ['both amounts', { usdAmount: '10.00' }, 400],
    ['neither amount', { fiatAmount: undefined }, 400],
    ['a zero amount', { fiatAmount: '0.00' }, 400],
    ['a number instead of a string', { fiatAmount: 700 }, 400],
    ['direction DEPOSIT', { direction: 'DEPOSIT' }, 400],
    ['direction WITHDRAW', { direction: 'WITHDRAW' }, 201],
    ['fiatCurrency USD', { fiatCurrency: 'USD' }, 400],
    ['an unknown field', { memo: 'hello' }, 400],
    ['an unknown recipient field', { recipient: { holderName: 'Li', bankAccount: '62220202', bankName: 'BOC', iban: 'x' } }, 400],
  ])('%s -> %i', async (_name, overrides, status) => {
    const response = await create(overrides);
    expect(response.status).toBe(status);
    if (status === 400) {
      const error = (response.body as { error: { code: string; details: { path: string }[] } }).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details.length).toBeGreaterThan(0);
    }
  });

  it('names the failing field in details', async () => {
    const response = await create({ recipient: { holderName: 'Li', bankAccount: '123', bankName: 'BOC' } });
    expect((response.body as { error: { details: { path: string }[] } }).error.details).toEqual([
      { path: 'recipient.bankAccount', message: 'must be 8 to 32 digits' },
    ]);
  });

  it('without Idempotency-Key is 400 IDEMPOTENCY_KEY_REQUIRED', async () => {
    const response = await merchant.client.request('POST', '/api/v1/withdrawals', { body: payoutBody() });
    expect([response.status, (response.body as { error: { code: string } }).error.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
  });

  it('a merchantOrderNo used before (with another key) is 409 DUPLICATE_MERCHANT_ORDER_NO', async () => {
    expect((await create({ merchantOrderNo: 'dup-1' })).status).toBe(201);
    expect(await code(create({ merchantOrderNo: 'dup-1' }))).toEqual([409, 'DUPLICATE_MERCHANT_ORDER_NO']);
  });

  it('more than the available balance is 422 INSUFFICIENT_BALANCE and changes nothing', async () => {
    const poor = await apiMerchant(database.db, '10.00');
    const response = await poor.client.createPayout(payoutBody({ fiatAmount: '100.00' }) as never, 'k');
    expect([response.status, (response.body as { error: { code: string } }).error.code]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    expect(await balanceOf(database.db, accountIds.merchantAvailable(poor.merchantId))).toBe('10.000000');
    expect(((await poor.client.listPayouts()).body as PayoutList).total).toBe(0);
  });

  it('an amount no trader quote can serve is 422 NO_LIQUIDITY', async () => {
    expect(await code(create({ fiatAmount: '2000000.00' }))).toEqual([422, 'NO_LIQUIDITY']);
  });
});

describe('idempotency (docs/api.md, "Idempotency")', () => {
  it('a replay returns the first response with Idempotent-Replayed: true, and nothing happens twice', async () => {
    const body = payoutBody({ fiatAmount: '71.23' });
    const first = await merchant.client.createPayout(body as never, 'replay-1');
    const before = await balanceOf(database.db, accountIds.merchantAvailable(merchant.merchantId));
    const second = await merchant.client.createPayout(body as never, 'replay-1');
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await balanceOf(database.db, accountIds.merchantAvailable(merchant.merchantId))).toBe(before);
  });

  it('the same key with another body is 422 IDEMPOTENCY_KEY_REUSED', async () => {
    expect((await merchant.client.createPayout(payoutBody() as never, 'reuse-1')).status).toBe(201);
    const response = await merchant.client.createPayout(payoutBody() as never, 'reuse-1');
    expect([response.status, (response.body as { error: { code: string } }).error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('a refused request is not stored: the corrected retry with the same key works', async () => {
    const bad = await merchant.client.createPayout(payoutBody({ fiatAmount: '1.0' }) as never, 'retry-1');
    expect(bad.status).toBe(400);
    expect((await merchant.client.createPayout(payoutBody() as never, 'retry-1')).status).toBe(201);
  });

  it('an Idempotency-Key of 255 printable characters works; 256 is refused', async () => {
    expect((await merchant.client.createPayout(payoutBody() as never, 'k'.repeat(255))).status).toBe(201);
    expect((await merchant.client.createPayout(payoutBody() as never, 'k'.repeat(256))).status).toBe(400);
  });
});

describe('GET /api/v1/withdrawals and /:orderNo', () => {
  it('lists newest first with total, filters and pages; pageSize 100 is fine, 101 and page 0 are not', async () => {
    const lister = await apiMerchant(database.db, '100000.00');
    const created: PayoutCreated[] = [];
    for (let i = 0; i < 5; i += 1) {
      created.push((await lister.client.createPayout(payoutBody({ merchantOrderNo: `list-${i}` }) as never, `list-${i}`)).body as PayoutCreated);
    }
    const all = (await lister.client.listPayouts()).body as PayoutList;
    expect(all).toMatchObject({ page: 1, pageSize: 20, total: 5 });
    expect(all.items.map((item) => item.merchantOrderNo)).toEqual(['list-4', 'list-3', 'list-2', 'list-1', 'list-0']);

    const page2 = (await lister.client.listPayouts({ page: 2, pageSize: 2 })).body as PayoutList;
    expect(page2.items.map((item) => item.merchantOrderNo)).toEqual(['list-2', 'list-1']);
    expect(page2.total).toBe(5);

    expect(((await lister.client.listPayouts({ orderNo: created[1]!.orderNo })).body as PayoutList).items).toHaveLength(1);
    expect(((await lister.client.listPayouts({ merchantOrderNo: 'list-3' })).body as PayoutList).total).toBe(1);
    expect(((await lister.client.listPayouts({ status: 'PENDING_MATCH,COMPLETED' })).body as PayoutList).total).toBe(5);
    expect(((await lister.client.listPayouts({ status: 'COMPLETED' })).body as PayoutList).total).toBe(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(((await lister.client.listPayouts({ from: future })).body as PayoutList).total).toBe(0);
    expect(((await lister.client.listPayouts({ to: future, from: '2020-01-01T00:00:00Z' })).body as PayoutList).total).toBe(5);

    // Every shape of list statement (page, one status, several, a range, a reference) answers with
    // items equal to the order's detail, field for field: a list reads only the view's columns.
    const detailOf = async (orderNo: string) => (await lister.client.getPayout(orderNo)).body as Payout;
    for (const query of [{}, { status: 'PENDING_MATCH' }, { status: 'PENDING_MATCH,COMPLETED' }, { from: '2020-01-01T00:00:00Z' }, { merchantOrderNo: 'list-3' }]) {
      const items = ((await lister.client.listPayouts(query)).body as PayoutList).items;
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).toStrictEqual(await detailOf(item.orderNo));
    }

    expect((await lister.client.listPayouts({ pageSize: 100 })).status).toBe(200);
    for (const query of [{ pageSize: 101 }, { page: 0 }, { status: 'LOST' }, { from: 'yesterday' }, { colour: 'red' }]) {
      const response = await lister.client.listPayouts(query);
      expect([response.status, (response.body as { error: { code: string } }).error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('finds an order by orderNo or merchantOrderNo, with every detail field in its format', async () => {
    const created = (await create({ merchantOrderNo: 'detail-1', fiatAmount: '500.00' })).body as PayoutCreated;
    for (const reference of [created.orderNo, 'detail-1']) {
      const response = await merchant.client.getPayout(reference);
      expect(response.status).toBe(200);
      const payout = response.body as Payout;
      expect(payout).toMatchObject({
        orderId: created.orderId,
        orderNo: created.orderNo,
        merchantOrderNo: 'detail-1',
        status: 'PENDING_MATCH',
        direction: 'WITHDRAW',
        feeBps: 35,
        fiatCurrency: 'CNY',
        lockedFiatAmount: '500.00',
        traderId: null,
        paymentDueAt: null,
        merchantActionDueAt: null,
        firstProofSubmittedAt: null,
        bankAccountLast4: '3445',
      });
      expect(payout.usdAmount).toMatch(/^\d+\.\d{2}$/);
      expect(payout.referenceFiatAmount).toMatch(/^\d+\.\d{2}$/);
      expect(payout.slippage).toMatch(/^-?\d+(\.\d+)?$/);
      expect(payout.updatedAt).toMatch(/\.\d{3}Z$/);
    }
  });

  it('another merchant\'s order is 404 ORDER_NOT_FOUND on every route', async () => {
    const created = (await create({ merchantOrderNo: 'mine-1' })).body as PayoutCreated;
    const stranger = await apiMerchant(database.db, '0');
    for (const reference of [created.orderNo, 'mine-1', 'no-such-order']) {
      const detail = await stranger.client.getPayout(reference);
      expect([detail.status, (detail.body as { error: { code: string } }).error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
      const decision = await stranger.client.decidePayout(reference, { decision: 'CONFIRM' });
      expect([decision.status, (decision.body as { error: { code: string } }).error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    expect(((await stranger.client.listPayouts({ orderNo: created.orderNo })).body as PayoutList).total).toBe(0);
  });
});

describe('a whole payout', () => {
  async function payoutWithProof(fiatAmount: string) {
    const created = (await create({ fiatAmount })).body as PayoutCreated;
    await acceptPayout(database.db, { traderId, orderId: created.orderId });
    await submitPayoutProof(database.db, { traderId, orderId: created.orderId, files: [await tinyPng(), await tinyPng('blue')] });
    return created;
  }

  it('create, accept, proof, CONFIRM: balances move exactly as section 4 computes', async () => {
    const merchantBefore = await balanceOf(database.db, accountIds.merchantAvailable(merchant.merchantId));
    const traderBefore = await balanceOf(database.db, accountIds.traderAvailable(traderId));
    const feesBefore = await platformFeeBalance(database.db);
    const created = await payoutWithProof('1000.00'); // usd 140.39, fee 0.50

    const proven = (await merchant.client.getPayout(created.orderNo)).body as Payout;
    expect(proven.status).toBe('PAYMENT_SUBMITTED');
    expect(proven.traderId).toBe(traderId);
    expect(proven.firstProofSubmittedAt).not.toBeNull();
    expect(new Date(proven.merchantActionDueAt!).getTime() - new Date(proven.firstProofSubmittedAt!).getTime()).toBe(86_400_000);

    const decision = await merchant.client.decidePayout(created.orderNo, { decision: 'CONFIRM' });
    expect(decision.status).toBe(200);
    expect(decision.body).toEqual({ status: 'COMPLETED' });

    const sub = (a: string, b: string) => new Dec(a).minus(b).toFixed(6);
    expect(sub(merchantBefore, await balanceOf(database.db, accountIds.merchantAvailable(merchant.merchantId)))).toBe('140.890000');
    expect(sub(await balanceOf(database.db, accountIds.traderAvailable(traderId)), traderBefore)).toBe('140.390000');
    expect(sub(await platformFeeBalance(database.db), feesBefore)).toBe('0.500000');
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);

    const again = await merchant.client.decidePayout(created.orderNo, { decision: 'DISPUTE', reason: 'late' });
    expect(again.status).toBe(409);
    expect((again.body as { error: { code: string; status: string } }).error).toMatchObject({ code: 'INVALID_ORDER_STATE', status: 'COMPLETED' });
  });

  it('DISPUTE with a reason leaves the funds frozen; a reason of 500 is fine, 501 or none is refused', async () => {
    const created = await payoutWithProof('100.00');
    expect((await merchant.client.decidePayout(created.orderNo, { decision: 'DISPUTE' })).status).toBe(400);
    expect((await merchant.client.decidePayout(created.orderNo, { decision: 'DISPUTE', reason: 'r'.repeat(501) })).status).toBe(400);
    const frozenBefore = await balanceOf(database.db, accountIds.merchantFrozen(merchant.merchantId));
    const disputed = await merchant.client.decidePayout(created.orderNo, { decision: 'DISPUTE', reason: 'r'.repeat(500) });
    expect(disputed.body).toEqual({ status: 'DISPUTED' });
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchant.merchantId))).toBe(frozenBefore);
  });

  it('a decision before proof is 409 INVALID_ORDER_STATE naming the current status', async () => {
    const created = (await create()).body as PayoutCreated;
    const response = await merchant.client.decidePayout(created.orderNo, { decision: 'CONFIRM' });
    expect(response.status).toBe(409);
    expect((response.body as { error: { code: string; status: string; message: string } }).error).toMatchObject({
      code: 'INVALID_ORDER_STATE',
      status: 'PENDING_MATCH',
    });
  });

  it('a decision body with an unknown decision is 400', async () => {
    const created = await payoutWithProof('100.00');
    const response = await rawRequest({
      apiKey: merchant.apiKey,
      apiSecret: merchant.apiSecret,
      method: 'POST',
      path: `/api/v1/withdrawals/${created.orderNo}/decision`,
      body: JSON.stringify({ decision: 'MAYBE' }),
    });
    expect([response.status, await errorCodeOf(response)]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
