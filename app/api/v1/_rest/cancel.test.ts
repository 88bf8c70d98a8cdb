import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventList, Payin, PayinCreated, Payout, PayoutCreated } from '../../../../clients/node/corridor-client';
import { issueApiKey } from '../../../../server/api-keys/issue-api-key';
import { auditLog, orderTransitions, outboxEvents, payinOrders, payoutOrders } from '../../../../db/schema';
import { accountIds, balanceOf, checkLedgerInvariants } from '../../../../server/ledger';
import { Dec } from '../../../../server/money/decimal';
import { checkoutView, submitBuyerPayment } from '../../../../server/checkout/checkout';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { runDueTimers } from '../../../../server/scheduler/run-due-timers';
import { apiDatabase, apiMerchant, errorCodeOf, payinTrader, payoutBody, payoutTrader, rawRequest, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { tinyPng } from '../../../../tests/fixtures/images';
import { insertPayin } from '../../../../tests/fixtures/orders';
import { openApiDocument } from './openapi';
import { routes } from './routes';

let database: TestDatabase;
let merchant: TestMerchant;
let payoutTraderId: string;
let payinTraderId: string;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db, '100000.00', { feeBps: 35 });
  payoutTraderId = (await payoutTrader(database.db, '7.0000')).traderId;
  payinTraderId = (await payinTrader(database.db, '7.2500', '10000.00')).traderId;
});
afterAll(async () => {
  await database.close();
});

type ErrorBody = { error: { code: string; status?: string; details?: { path: string; message: string }[] } };
const errorOf = (body: unknown) => (body as ErrorBody).error;
const sub = (a: string, b: string) => new Dec(a).minus(b).toFixed(6);

let counter = 0;
const reference = (prefix: string) => `${prefix}-${Date.now()}-${(counter += 1)}`;

async function newPayout(owner = merchant, fiatAmount = '700.00') {
  const merchantOrderNo = reference('wd');
  const response = await owner.client.createPayout(payoutBody({ merchantOrderNo, fiatAmount }) as never, merchantOrderNo);
  expect(response.status).toBe(201);
  return response.body as PayoutCreated;
}

async function newPayin(owner = merchant, assetAmount = '10') {
  const response = await owner.client.createPayin({ merchantOrderNo: reference('po'), assetAmount });
  expect(response.status).toBe(201);
  const created = response.body as PayinCreated;
  expect(created.status).toBe('PENDING_PAYMENT');
  return { ...created, token: created.payUrl.split('/pay/')[1]! };
}

/** A signed cancel with a hand-made body (raw string) or none, for the rules of reading it. */
function rawCancel(path: string, body?: string, headers: Record<string, string | null> = {}) {
  return rawRequest({ apiKey: merchant.apiKey, apiSecret: merchant.apiSecret, method: 'POST', path, body, headers });
}

async function payoutStatus(orderId: string) {
  const [row] = await database.db.select({ status: payoutOrders.status }).from(payoutOrders).where(eq(payoutOrders.id, orderId));
  return row?.status;
}

async function payinStatus(orderId: string) {
  const [row] = await database.db.select({ status: payinOrders.status }).from(payinOrders).where(eq(payinOrders.id, orderId));
  return row?.status;
}

const eventTypesOf = async (orderId: string) =>
  (await database.db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.orderId, orderId))).map((row) => row.type).sort();

describe('POST /api/v1/withdrawals/:orderNo/cancel', () => {
  it('cancels a payout nobody accepted: CANCELLED, usdAmount + fee back to available, payout.cancelled, reason in the timeline and audit log', async () => {
    const available = () => balanceOf(database.db, accountIds.merchantAvailable(merchant.merchantId));
    const frozen = () => balanceOf(database.db, accountIds.merchantFrozen(merchant.merchantId));
    const [availableBefore, frozenBefore] = [await available(), await frozen()];
    const created = await newPayout(merchant, '1000.00'); // usd 142.86, fee 0.51
    expect(sub(availableBefore, await available())).toBe('143.370000');

    const response = await merchant.client.cancelPayout(created.orderNo, { reason: '  The customer withdrew the request.  ' });
    expect(response.status).toBe(200);
    const payout = response.body as Payout;
    expect(payout).toMatchObject({ orderId: created.orderId, orderNo: created.orderNo, status: 'CANCELLED', traderId: null, usdAmount: '142.86', usdFeeAmount: '0.51' });
    expect(await available()).toBe(availableBefore);
    expect(await frozen()).toBe(frozenBefore);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);

    const events = (await merchant.client.listEvents({ type: 'payout.cancelled' })).body as EventList;
    const event = events.items.find((item) => (item.data as { orderId?: string }).orderId === created.orderId);
    expect(event?.data).toMatchObject({ orderNo: created.orderNo, status: 'CANCELLED' });
    expect(await eventTypesOf(created.orderId)).toEqual(['payout.cancelled']);

    const [transition] = await database.db
      .select()
      .from(orderTransitions)
      .where(and(eq(orderTransitions.orderId, created.orderId), eq(orderTransitions.action, 'merchant_cancel')));
    expect(transition).toMatchObject({ fromStatus: 'PENDING_MATCH', toStatus: 'CANCELLED', actorType: 'merchant', actorId: merchant.merchantId, note: 'The customer withdrew the request.' });
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payout.merchant_cancel'), eq(auditLog.targetId, created.orderId)));
    expect(audit).toMatchObject({ actorType: 'merchant', actorId: merchant.merchantId, targetType: 'payout', details: { orderNo: created.orderNo, from: 'PENDING_MATCH', reason: 'The customer withdrew the request.' } });
  });

  it('works without a body and by merchantOrderNo; a second cancel is 409 INVALID_ORDER_STATE with status CANCELLED and moves nothing', async () => {
    const created = await newPayout();
    const [order] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, created.orderId));
    const response = await rawCancel(`/api/v1/withdrawals/${order!.merchantOrderNo}/cancel`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Payout).status).toBe('CANCELLED');
    const [transition] = await database.db.select().from(orderTransitions).where(and(eq(orderTransitions.orderId, created.orderId), eq(orderTransitions.action, 'merchant_cancel')));
    expect(transition?.note).toBeNull();

    const available = await balanceOf(database.db, accountIds.merchantAvailable(merchant.merchantId));
    const again = await merchant.client.cancelPayout(created.orderNo);
    expect(again.status).toBe(409);
    expect(errorOf(again.body)).toMatchObject({ code: 'INVALID_ORDER_STATE', status: 'CANCELLED' });
    expect(await balanceOf(database.db, accountIds.merchantAvailable(merchant.merchantId))).toBe(available);
    expect(await eventTypesOf(created.orderId)).toEqual(['payout.cancelled']);
    // Nor can a trader take it any more.
    await expect(acceptPayout(database.db, { traderId: payoutTraderId, orderId: created.orderId })).rejects.toMatchObject({ code: 'INVALID_ORDER_STATE', meta: { status: 'CANCELLED' } });
  });

  it('refuses a body left out under a Content-Type other than JSON as 415, and cancels nothing', async () => {
    const created = await newPayout();
    const response = await rawCancel(`/api/v1/withdrawals/${created.orderNo}/cancel`, undefined, { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
    expect(await errorCodeOf(response)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await payoutStatus(created.orderId)).not.toBe('CANCELLED');
  });

  it('once a trader accepted, or proof arrived, it is 409 with the current status, and the USDT stays frozen', async () => {
    const accepted = await newPayout();
    await acceptPayout(database.db, { traderId: payoutTraderId, orderId: accepted.orderId });
    const proven = await newPayout();
    await acceptPayout(database.db, { traderId: payoutTraderId, orderId: proven.orderId });
    await submitPayoutProof(database.db, { traderId: payoutTraderId, orderId: proven.orderId, files: [await tinyPng()] });

    const frozen = await balanceOf(database.db, accountIds.merchantFrozen(merchant.merchantId));
    for (const [created, status] of [
      [accepted, 'PENDING_PAYMENT'],
      [proven, 'PAYMENT_SUBMITTED'],
    ] as const) {
      const response = await merchant.client.cancelPayout(created.orderNo, { reason: 'too late' });
      expect(response.status).toBe(409);
      expect(errorOf(response.body)).toMatchObject({ code: 'INVALID_ORDER_STATE', status });
      expect(await payoutStatus(created.orderId)).toBe(status);
    }
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchant.merchantId))).toBe(frozen);
  });

  it("another merchant's payout is 404 ORDER_NOT_FOUND, like a missing one, and stays as it was", async () => {
    const created = await newPayout();
    const [order] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, created.orderId));
    const stranger = await apiMerchant(database.db, '1000.00');
    for (const ref of [created.orderNo, order!.merchantOrderNo, 'no-such-order']) {
      const response = await stranger.client.cancelPayout(ref, { reason: 'not mine' });
      expect([response.status, errorOf(response.body).code]).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    expect(await payoutStatus(created.orderId)).toBe('PENDING_MATCH');
    expect(await balanceOf(database.db, accountIds.merchantAvailable(stranger.merchantId))).toBe('1000.000000');
    expect(await eventTypesOf(created.orderId)).toEqual([]);
  });

  it.each([
    ['a reason of 500 characters', 200, JSON.stringify({ reason: 'r'.repeat(500) }), undefined],
    ['a reason of 500 characters inside spaces', 200, JSON.stringify({ reason: `  ${'r'.repeat(500)}  ` }), undefined],
    ['a reason of 1 character', 200, JSON.stringify({ reason: 'r' }), undefined],
    ['a reason with lines and a tab', 200, JSON.stringify({ reason: 'line one\nline two\tend' }), undefined],
    ['an empty object', 200, '{}', undefined],
    ['a reason of 501 characters', 400, JSON.stringify({ reason: 'r'.repeat(501) }), 'reason'],
    ['an empty reason', 400, JSON.stringify({ reason: '' }), 'reason'],
    ['a blank reason', 400, JSON.stringify({ reason: ' \t\n ' }), 'reason'],
    ['a reason that is a number', 400, JSON.stringify({ reason: 42 }), 'reason'],
    ['a reason that is null', 400, JSON.stringify({ reason: null }), 'reason'],
    ['NUL in the reason', 400, JSON.stringify({ reason: 'changed\u0000mind' }), 'reason'],
    ['ESC in the reason', 400, JSON.stringify({ reason: '\u001b[31mred' }), 'reason'],
    ['an unknown field', 400, JSON.stringify({ reason: 'ok', refund: true }), ''],
    ['an array', 400, '[]', ''],
  ])('%s -> %i', async (_name, status, body, path) => {
    const created = await newPayout();
    const response = await rawCancel(`/api/v1/withdrawals/${created.orderNo}/cancel`, body);
    expect(response.status).toBe(status);
    if (status === 400) {
      const error = ((await response.json()) as ErrorBody).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      if (path) expect(error.details?.map((detail) => detail.path)).toContain(path);
      expect(await payoutStatus(created.orderId)).toBe('PENDING_MATCH');
      expect(await eventTypesOf(created.orderId)).toEqual([]);
    } else {
      expect(((await response.json()) as Payout).status).toBe('CANCELLED');
    }
  });

  it('a body that is not JSON is 400 INVALID_JSON; a body without Content-Type application/json is 415; neither changes anything', async () => {
    const created = await newPayout();
    const path = `/api/v1/withdrawals/${created.orderNo}/cancel`;
    const notJson = await rawCancel(path, '{"reason":');
    expect([notJson.status, await errorCodeOf(notJson)]).toEqual([400, 'INVALID_JSON']);
    const plain = await rawCancel(path, JSON.stringify({ reason: 'x' }), { 'content-type': 'text/plain' });
    expect([plain.status, await errorCodeOf(plain)]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(await payoutStatus(created.orderId)).toBe('PENDING_MATCH');
  });

  it('a trader key is refused (merchant route)', async () => {
    const key = await issueApiKey(database.db, { traderId: payoutTraderId });
    const created = await newPayout();
    const response = await rawRequest({ apiKey: key.keyId, apiSecret: key.secret, method: 'POST', path: `/api/v1/withdrawals/${created.orderNo}/cancel` });
    expect([response.status, await errorCodeOf(response)]).toEqual([401, 'INVALID_API_KEY']);
    expect(await payoutStatus(created.orderId)).toBe('PENDING_MATCH');
  });
});

describe('POST /api/v1/orders/:orderNo/cancel', () => {
  it("cancels a matched pay-in before payment: CANCELLED, the trader's escrow back, order.cancelled, the checkout shows no bank details", async () => {
    const escrow = () => balanceOf(database.db, accountIds.traderEscrow(payinTraderId));
    const traderAvailable = () => balanceOf(database.db, accountIds.traderAvailable(payinTraderId));
    const [escrowBefore, availableBefore] = [await escrow(), await traderAvailable()];
    const created = await newPayin(merchant, '12.345678');
    expect(sub(await escrow(), escrowBefore)).toBe('12.345678');
    expect((await checkoutView(database.db, created.token)).bank).not.toBeNull();

    const response = await merchant.client.cancelPayin(created.orderNo, { reason: 'The customer emptied the cart.' });
    expect(response.status).toBe(200);
    expect(response.body as Payin).toMatchObject({ id: created.orderId, orderNo: created.orderNo, status: 'CANCELLED', traderId: payinTraderId, assetAmount: '12.345678' });
    expect(await escrow()).toBe(escrowBefore);
    expect(await traderAvailable()).toBe(availableBefore);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);

    const checkout = await checkoutView(database.db, created.token);
    expect(checkout.status).toBe('CANCELLED');
    expect(checkout.bank).toBeNull();

    const events = (await merchant.client.listEvents({ type: 'order.cancelled' })).body as EventList;
    expect(events.items.find((item) => (item.data as { id?: string }).id === created.orderId)?.data).toMatchObject({ status: 'CANCELLED' });
    expect(await eventTypesOf(created.orderId)).toEqual(['order.cancelled']);
    const [transition] = await database.db.select().from(orderTransitions).where(and(eq(orderTransitions.orderId, created.orderId), eq(orderTransitions.action, 'merchant_cancel')));
    expect(transition).toMatchObject({ fromStatus: 'PENDING_PAYMENT', toStatus: 'CANCELLED', actorType: 'merchant', note: 'The customer emptied the cart.' });
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payin.merchant_cancel'), eq(auditLog.targetId, created.orderId)));
    expect(audit).toMatchObject({ actorType: 'merchant', actorId: merchant.merchantId, targetType: 'payin', details: { from: 'PENDING_PAYMENT' } });

    // The buyer can no longer pay it.
    await expect(submitBuyerPayment(database.db, { token: created.token })).rejects.toMatchObject({ code: 'INVALID_ORDER_STATE', meta: { status: 'CANCELLED' } });
  });

  it('cancels a queued pay-in (PENDING_MATCH), which holds no escrow, without a body', async () => {
    const queued = await insertPayin(database.db, merchant.merchantId, null);
    const escrowBefore = await balanceOf(database.db, accountIds.traderEscrow(payinTraderId));
    const response = await rawCancel(`/api/v1/orders/${queued.merchantOrderNo}/cancel`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Payin).status).toBe('CANCELLED');
    expect(await balanceOf(database.db, accountIds.traderEscrow(payinTraderId))).toBe(escrowBefore);
    expect(await eventTypesOf(queued.id)).toEqual(['order.cancelled']);
    // The match timer no longer sees it.
    await runDueTimers(database.db);
    expect(await payinStatus(queued.id)).toBe('CANCELLED');
  });

  it('after "I Have Paid", after expiry and after a first cancel it is 409 with the current status, and the escrow does not move', async () => {
    const paid = await newPayin();
    await submitBuyerPayment(database.db, { token: paid.token });
    const expired = await newPayin();
    const [expiredRow] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, expired.orderId));
    await runDueTimers(database.db, new Date(expiredRow!.expiresAt.getTime() + 1));
    const cancelled = await newPayin();
    expect((await merchant.client.cancelPayin(cancelled.orderNo)).status).toBe(200);

    const escrow = await balanceOf(database.db, accountIds.traderEscrow(payinTraderId));
    for (const [created, status] of [
      [paid, 'PAYMENT_SUBMITTED'],
      [expired, 'CANCELLED'],
      [cancelled, 'CANCELLED'],
    ] as const) {
      const response = await merchant.client.cancelPayin(created.orderNo, { reason: 'too late' });
      expect(response.status).toBe(409);
      expect(errorOf(response.body)).toMatchObject({ code: 'INVALID_ORDER_STATE', status });
      expect(await payinStatus(created.orderId)).toBe(status);
      expect((await eventTypesOf(created.orderId)).filter((type) => type === 'order.cancelled').length).toBe(status === 'CANCELLED' ? 1 : 0);
    }
    expect(await balanceOf(database.db, accountIds.traderEscrow(payinTraderId))).toBe(escrow);
  });

  it("another merchant's pay-in is 404 ORDER_NOT_FOUND, like a missing one, and stays as it was", async () => {
    const created = await newPayin();
    const [order] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, created.orderId));
    const stranger = await apiMerchant(database.db, '0');
    for (const ref of [created.orderNo, order!.merchantOrderNo, 'no-such-order']) {
      const response = await stranger.client.cancelPayin(ref);
      expect([response.status, errorOf(response.body).code]).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    expect(await payinStatus(created.orderId)).toBe('PENDING_PAYMENT');
    expect(await eventTypesOf(created.orderId)).toEqual([]);
  });

  it.each([
    ['a reason of 500 characters', 200, JSON.stringify({ reason: 'r'.repeat(500) })],
    ['a reason of 501 characters', 400, JSON.stringify({ reason: 'r'.repeat(501) })],
    ['a blank reason', 400, JSON.stringify({ reason: '   ' })],
    ['NUL in the reason', 400, JSON.stringify({ reason: 'a\u0000b' })],
    ['an unknown field', 400, JSON.stringify({ why: 'x' })],
    ['not JSON', 400, 'reason=x'],
  ])('%s -> %i', async (_name, status, body) => {
    const created = await newPayin();
    const response = await rawCancel(`/api/v1/orders/${created.orderNo}/cancel`, body);
    expect(response.status).toBe(status);
    expect(await payinStatus(created.orderId)).toBe(status === 200 ? 'CANCELLED' : 'PENDING_PAYMENT');
    if (status === 400) expect(['VALIDATION_FAILED', 'INVALID_JSON']).toContain(await errorCodeOf(response));
  });
});

describe('the cancel routes as declared', () => {
  it.each([
    ['cancelPayout', 'POST', 'withdrawals/:orderNo/cancel', '/api/v1/withdrawals/{orderNo}/cancel', 'payouts:write'],
    ['cancelPayin', 'POST', 'orders/:orderNo/cancel', '/api/v1/orders/{orderNo}/cancel', 'payins:write'],
  ])('%s: its scope, its errors, and an optional body in the OpenAPI document', (operationId, method, path, documentPath, scope) => {
    const route = routes.find((candidate) => candidate.operationId === operationId);
    expect(route).toMatchObject({ method, path, auth: 'merchant', scopes: [scope] });
    expect(route?.errors).toEqual(['ORDER_NOT_FOUND', 'INVALID_ORDER_STATE']);

    const paths = (openApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> }).paths;
    const operation = paths[documentPath]?.post as { security: Record<string, string[]>[]; requestBody: { required: boolean }; responses: Record<string, unknown> };
    expect(operation.security[0]?.merchantKey).toEqual([scope]);
    expect(operation.requestBody.required).toBe(false);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '409', '415']));
  });
});
