import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payin, PayinCreated, PayinList } from '../../../../clients/node/corridor-client';
import { orderTransitions, outboxEvents, payinOrders } from '../../../../db/schema';
import { accountIds, balanceOf, checkLedgerInvariants, move, platformFeeBalance } from '../../../../server/ledger';
import { Dec } from '../../../../server/money/decimal';
import { cancelByBuyer, checkoutView, reportBuyerProblem, submitBuyerPayment } from '../../../../server/checkout/checkout';
import { releasePayin } from '../../../../server/payins/release-payin';
import { runDueTimers } from '../../../../server/scheduler/run-due-timers';
import { apiDatabase, apiMerchant, payinTrader, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { isDomainError } from '../../../../server/errors';
import { setProcessDatabase } from '../../../../db';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db, '0', { feeBps: 50 });
});
afterAll(async () => {
  await database.close();
});

let counter = 0;
const orderNo = () => `po-${Date.now()}-${(counter += 1)}`;
const errorCode = (body: unknown) => (body as { error?: { code: string } }).error?.code;
const tokenOf = (created: PayinCreated) => created.payUrl.split('/pay/')[1]!;

describe('POST /api/v1/orders', () => {
  it('matches the best price, locks it, escrows the trader and returns the create fields', async () => {
    const cheap = await payinTrader(database.db, '7.1000', '1000.00');
    await payinTrader(database.db, '7.3000', '1000.00');
    const response = await merchant.client.createPayin({ merchantOrderNo: orderNo(), assetAmount: '10.123457', metadata: { cart: '42' } });
    expect(response.status).toBe(201);
    const body = response.body as PayinCreated;
    expect(body).toMatchObject({
      status: 'PENDING_PAYMENT',
      assetAmount: '10.123457',
      fiatAmount: '71.88', // 10.123457 x 7.1 = 71.8765447 up
      fiatCurrency: 'CNY',
      usdAmount: '10.12',
      usdFeeAmount: '0.06',
      feeBps: 50,
      pricingSnapshot: { fxRate: '7.1000', fiatCurrency: 'CNY', fiatAmount: '71.88', feeAmount: '0.06' },
    });
    expect(body.orderNo).toMatch(/^ORD\d{20}$/);
    expect(body.payUrl).toMatch(/^http:\/\/localhost:3000\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expiresAt).getTime() - new Date(body.pricingSnapshot.quotedAt).getTime()).toBe(15 * 60_000);
    expect(await balanceOf(database.db, accountIds.traderEscrow(cheap.traderId))).toBe('10.123457');

    const detail = (await merchant.client.getPayin(body.orderNo)).body as Payin;
    expect(detail).toMatchObject({ id: body.orderId, traderId: cheap.traderId, direction: 'DEPOSIT', pair: 'USDT/CNY', assetSymbol: 'USDT', source: 'API', metadata: { cart: '42' }, disputeReason: null, chainTxKey: null });
  });

  it('with fiatAmount the credited asset rounds down to 6 decimals', async () => {
    const body = (await merchant.client.createPayin({ merchantOrderNo: orderNo(), fiatAmount: '100.00' })).body as PayinCreated;
    expect(body.fiatAmount).toBe('100.00');
    expect(new Dec(body.assetAmount).times(body.pricingSnapshot.fxRate).lessThanOrEqualTo('100.00')).toBe(true);
    expect(body.assetAmount).toMatch(/^\d+\.\d{6}$/);
  });

  it.each([
    ['assetAmount with 6 decimals', { assetAmount: '15.000001' }, 201],
    ['assetAmount with 7 decimals', { assetAmount: '15.0000001' }, 400],
    ['assetAmount zero', { assetAmount: '0' }, 400],
    ['assetAmount negative', { assetAmount: '-15' }, 400],
    ['fiatAmount with 1 decimal', { fiatAmount: '100.0' }, 400],
    ['fiatAmount with 3 decimals', { fiatAmount: '100.000' }, 400],
    ['both amounts', { assetAmount: '15', fiatAmount: '100.00' }, 400],
    ['neither amount', {}, 400],
    ['direction WITHDRAW', { assetAmount: '15', direction: 'WITHDRAW' }, 400],
    ['pair BTC/CNY', { assetAmount: '15', pair: 'BTC/CNY' }, 400],
    ['metadata with 20 keys', { assetAmount: '15', metadata: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'])) }, 201],
    ['metadata with 21 keys', { assetAmount: '15', metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 400],
    ['a metadata key of 40 characters', { assetAmount: '15', metadata: { ['k'.repeat(40)]: 'v' } }, 201],
    ['a metadata key of 41 characters', { assetAmount: '15', metadata: { ['k'.repeat(41)]: 'v' } }, 400],
    ['a metadata value of 500 characters', { assetAmount: '15', metadata: { k: 'v'.repeat(500) } }, 201],
    ['a metadata value of 501 characters', { assetAmount: '15', metadata: { k: 'v'.repeat(501) } }, 400],
    ['a metadata value that is a number', { assetAmount: '15', metadata: { k: 1 } }, 400],
    ['an http returnUrl', { assetAmount: '15', returnUrl: 'http://merchant.example/back' }, 400],
    ['an https returnUrl', { assetAmount: '15', returnUrl: 'https://merchant.example/back' }, 201],
    ['a returnUrl over 2048 characters', { assetAmount: '15', returnUrl: `https://merchant.example/${'a'.repeat(2030)}` }, 400],
    ['an unknown field', { assetAmount: '15', colour: 'red' }, 400],
  ])('%s -> %i', async (_name, fields, status) => {
    const response = await merchant.client.createPayin({ merchantOrderNo: orderNo(), ...fields });
    expect(response.status).toBe(status);
    if (status === 400) expect(errorCode(response.body)).toBe('VALIDATION_FAILED');
  });

  it('an amount outside every quote limit is 422 NO_LIQUIDITY', async () => {
    const response = await merchant.client.createPayin({ merchantOrderNo: orderNo(), fiatAmount: '50000.01' });
    expect([response.status, errorCode(response.body)]).toEqual([422, 'NO_LIQUIDITY']);
  });

  it('idempotency defaults to merchantOrderNo: the same request again returns the first order; another body is 422', async () => {
    const number = orderNo();
    const first = await merchant.client.createPayin({ merchantOrderNo: number, assetAmount: '20' });
    const again = await merchant.client.createPayin({ merchantOrderNo: number, assetAmount: '20' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const changed = await merchant.client.createPayin({ merchantOrderNo: number, assetAmount: '21' });
    expect([changed.status, errorCode(changed.body)]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const otherKey = await merchant.client.createPayin({ merchantOrderNo: number, assetAmount: '21' }, 'explicit-key');
    expect([otherKey.status, errorCode(otherKey.body)]).toEqual([409, 'DUPLICATE_MERCHANT_ORDER_NO']);
  });
});

describe('GET /api/v1/orders', () => {
  it('lists only the caller\'s pay-ins, filters and pages; another merchant\'s is 404', async () => {
    const own = await apiMerchant(database.db, '0');
    const created: PayinCreated[] = [];
    for (let i = 0; i < 3; i += 1) created.push((await own.client.createPayin({ merchantOrderNo: `list-${i}`, assetAmount: '15' })).body as PayinCreated);
    const list = (await own.client.listPayins({ pageSize: 2 })).body as PayinList;
    expect(list).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(list.items.map((item) => item.merchantOrderNo)).toEqual(['list-2', 'list-1']);
    expect(list.items[0]).not.toHaveProperty('metadata');
    expect(((await own.client.listPayins({ status: 'PENDING_PAYMENT,PENDING_MATCH', direction: 'DEPOSIT' })).body as PayinList).total).toBe(3);
    expect(((await own.client.listPayins({ merchantOrderNo: 'list-1' })).body as PayinList).total).toBe(1);
    expect((await own.client.listPayins({ direction: 'WITHDRAW' })).status).toBe(400);
    expect((await own.client.listPayins({ pageSize: 101 })).status).toBe(400);

    const stranger = await apiMerchant(database.db, '0');
    expect(((await stranger.client.listPayins()).body as PayinList).total).toBe(0);
    for (const reference of [created[0]!.orderNo, 'list-0']) {
      const response = await stranger.client.getPayin(reference);
      expect([response.status, errorCode(response.body)]).toEqual([404, 'ORDER_NOT_FOUND']);
    }
  });
});

describe('matching under concurrency', () => {
  it('50 concurrent creates against one trader with escrow for 10: exactly 10 escrowed, the rest wait', async () => {
    const isolated = await apiDatabase();
    try {
      const shop = await apiMerchant(isolated.db, '0');
      const trader = await payinTrader(isolated.db, '7.0000', '100.00');
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => shop.client.createPayin({ merchantOrderNo: `c-${i}`, assetAmount: '10' })),
      );
      expect(responses.every((r) => r.status === 201)).toBe(true);
      const statuses = responses.map((r) => (r.body as PayinCreated).status);
      expect(statuses.filter((s) => s === 'PENDING_PAYMENT')).toHaveLength(10);
      expect(statuses.filter((s) => s === 'PENDING_MATCH')).toHaveLength(40);
      expect(await balanceOf(isolated.db, accountIds.traderEscrow(trader.traderId))).toBe('100.000000');
      expect(await balanceOf(isolated.db, accountIds.traderAvailable(trader.traderId))).toBe('0.000000');
      expect((await checkLedgerInvariants(isolated.db)).ok).toBe(true);
      // A refused escrow takes its savepoint's timeline row with it: one creation row per order.
      const creations = await isolated.db
        .select({ orderId: orderTransitions.orderId, toStatus: orderTransitions.toStatus })
        .from(orderTransitions)
        .where(and(eq(orderTransitions.flow, 'payin'), eq(orderTransitions.action, 'create')));
      const orders = await isolated.db.select({ id: payinOrders.id, status: payinOrders.status }).from(payinOrders);
      expect(creations).toHaveLength(50);
      expect(new Map(creations.map((row) => [row.orderId, row.toStatus]))).toEqual(new Map(orders.map((order) => [order.id, order.status])));
    } finally {
      await isolated.close();
      setProcessDatabase(database);
    }
  });
});

describe('a whole pay-in', () => {
  it('queued while no trader can serve it, matched by the timer once one can', async () => {
    const isolated = await apiDatabase();
    try {
      const shop = await apiMerchant(isolated.db, '0');
      const poor = await payinTrader(isolated.db, '7.0000', '5.00');
      const created = (await shop.client.createPayin({ merchantOrderNo: 'queued', assetAmount: '20' })).body as PayinCreated;
      expect(created.status).toBe('PENDING_MATCH');
      expect(created.pricingSnapshot.fxRate).toBe('7.0000');
      await runDueTimers(isolated.db);
      expect(((await shop.client.getPayin('queued')).body as Payin).status).toBe('PENDING_MATCH');
      const rich = await payinTrader(isolated.db, '6.9000', '100.00');
      await runDueTimers(isolated.db);
      const matched = (await shop.client.getPayin('queued')).body as Payin;
      expect(matched).toMatchObject({ status: 'PENDING_PAYMENT', traderId: rich.traderId, fxRate: '7.0000' });
      expect(await balanceOf(isolated.db, accountIds.traderEscrow(rich.traderId))).toBe('20.000000');
      expect(poor.traderId).not.toBe(rich.traderId);
    } finally {
      await isolated.close();
      setProcessDatabase(database);
    }
  });

  it('buyer pays, trader releases: merchant credited asset - fee, platform the fee, order.completed', async () => {
    const shop = await apiMerchant(database.db, '0', { feeBps: 100 });
    const created = (await shop.client.createPayin({ merchantOrderNo: orderNo(), assetAmount: '50' })).body as PayinCreated;
    const token = tokenOf(created);
    const view = await checkoutView(database.db, token);
    expect(view).toMatchObject({ status: 'PENDING_PAYMENT', fiatAmount: created.fiatAmount });
    // The buyer is shown CNY only: the checkout's view carries no USDT amount, rate or fee.
    expect(view).not.toHaveProperty('assetAmount');
    expect(view).not.toHaveProperty('fxRate');
    expect(view).not.toHaveProperty('feeAmount');
    expect(view.bank?.accountNumber).toBe('6212260200000000001');

    await submitBuyerPayment(database.db, { token });
    const twice = await submitBuyerPayment(database.db, { token }).catch((e: unknown) => e);
    expect(isDomainError(twice, 'INVALID_ORDER_STATE')).toBe(true);

    const feesBefore = await platformFeeBalance(database.db);
    const detail = (await shop.client.getPayin(created.orderNo)).body as Payin;
    await releasePayin(database.db, { traderId: detail.traderId!, orderId: created.orderId });
    const done = (await shop.client.getPayin(created.orderNo)).body as Payin;
    expect(done.status).toBe('COMPLETED');
    expect(done.completedAt).not.toBeNull();
    expect(await balanceOf(database.db, accountIds.merchantAvailable(shop.merchantId))).toBe('49.500000');
    expect(new Dec(await platformFeeBalance(database.db)).minus(feesBefore).toFixed(6)).toBe('0.500000');
    const events = await database.db.select().from(outboxEvents).where(eq(outboxEvents.orderId, created.orderId));
    expect(events.map((e) => e.type).sort()).toEqual(['order.completed', 'order.payment_submitted']);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('the buyer cancels before paying: escrow back; reports a problem only 15 minutes after paying', async () => {
    const created = (await merchant.client.createPayin({ merchantOrderNo: orderNo(), assetAmount: '30' })).body as PayinCreated;
    const [row] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, created.orderId));
    const escrowBefore = await balanceOf(database.db, accountIds.traderEscrow(row!.traderId!));
    await cancelByBuyer(database.db, tokenOf(created));
    expect(new Dec(escrowBefore).minus(await balanceOf(database.db, accountIds.traderEscrow(row!.traderId!))).toFixed(6)).toBe('30.000000');

    const paid = (await merchant.client.createPayin({ merchantOrderNo: orderNo(), assetAmount: '30' })).body as PayinCreated;
    const start = new Date();
    await submitBuyerPayment(database.db, { token: tokenOf(paid), now: start });
    const early = await reportBuyerProblem(database.db, { token: tokenOf(paid), report: { kind: 'not_confirmed', message: 'not credited' }, now: new Date(start.getTime() + 14 * 60_000) }).catch((e: unknown) => e);
    expect(isDomainError(early, 'TRANSITION_NOT_DUE')).toBe(true);
    await reportBuyerProblem(database.db, { token: tokenOf(paid), report: { kind: 'not_confirmed', message: 'not credited' }, now: new Date(start.getTime() + 15 * 60_000) });
    expect(((await merchant.client.getPayin(paid.orderNo)).body as Payin)).toMatchObject({ status: 'DISPUTED', disputeReason: 'not credited' });
  });

  it('a settlement that cannot post ends FAILED with order.failed, and nothing moves', async () => {
    const shop = await apiMerchant(database.db, '0');
    const created = (await shop.client.createPayin({ merchantOrderNo: orderNo(), assetAmount: '40' })).body as PayinCreated;
    const [row] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, created.orderId));
    const traderId = row!.traderId!;
    await submitBuyerPayment(database.db, { token: tokenOf(created) });
    // Drain the trader's escrow behind the order's back, so its settlement transfer cannot post.
    const escrow = await balanceOf(database.db, accountIds.traderEscrow(traderId));
    await database.db.transaction((tx) =>
      move(tx, { id: `test-drain-${created.orderId}`, kind: 'test', from: accountIds.traderEscrow(traderId), to: [{ accountId: accountIds.external, amount: escrow }] }),
    );
    const merchantBefore = await balanceOf(database.db, accountIds.merchantAvailable(shop.merchantId));
    const outcome = await releasePayin(database.db, { traderId, orderId: created.orderId });
    expect(outcome.to).toBe('FAILED');
    expect(await balanceOf(database.db, accountIds.merchantAvailable(shop.merchantId))).toBe(merchantBefore);
    const events = await database.db.select().from(outboxEvents).where(eq(outboxEvents.orderId, created.orderId));
    expect(events.map((e) => e.type)).toContain('order.failed');
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('an unknown checkout token is ORDER_NOT_FOUND', async () => {
    const error = await checkoutView(database.db, 'A'.repeat(43)).catch((e: unknown) => e);
    expect(isDomainError(error, 'ORDER_NOT_FOUND')).toBe(true);
  });
});
