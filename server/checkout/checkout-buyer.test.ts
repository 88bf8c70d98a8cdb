import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayinCreated } from '../../clients/node/corridor-client';
import { auditLog, disputeEvidence, disputeEvidenceFiles, merchantCheckoutLogos, orderTransitions, payinOrders } from '../../db/schema';
import { uploadReceiptsResponse } from '../../app/pay/[token]/receipts/upload-receipts-response';
import { checkoutEventsResponse } from '../../app/pay/[token]/events/checkout-events-response';
import { apiDatabase, apiMerchant, payinTrader, type TestMerchant } from '../../tests/api/api-harness';
import type { TestDatabase } from '../../tests/db/test-database';
import { tinyPng } from '../../tests/fixtures/images';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { callerAs } from '../../tests/trpc/trpc-harness';
import { cliActor } from '../audit';
import { DomainError } from '../errors';
import { setCheckoutLogo } from '../merchants/set-checkout-logo';
import { updateCheckoutSettings } from '../merchants/update-checkout-settings';
import { addBuyerReceipts } from './buyer-receipts';
import { claimDispute } from '../disputes/claim-dispute';
import { createOperator } from '../users/create-operator';
import { cancelByBuyer, checkoutView, reportBuyerProblem, submitBuyerPayment } from './checkout';
import { reportNotReceived } from '../payins/release-payin';
import { CHECKOUT_LINK_AFTER_END_MS } from '../payins/checkout-link';
import { checkoutBranding, checkoutLogo } from '../payins/checkout-page';
import { merchantCancelPayin } from '../payins/merchant-cancel-payin';
import { onPayinChange } from '../payins/payin-changes';

let database: TestDatabase;
let merchant: TestMerchant;
let traderId: string;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  traderId = (await payinTrader(database.db)).traderId;
});
afterAll(async () => {
  await database.close();
});

const tokenOf = (payUrl: string) => new URL(payUrl).pathname.split('/').pop() ?? '';

async function payin(fiatAmount = '100.00') {
  const created = await merchant.client.createPayin({ merchantOrderNo: `buyer-${crypto.randomUUID()}`, fiatAmount });
  expect(created.status).toBe(201);
  const body = created.body as PayinCreated;
  return { ...body, token: tokenOf(body.payUrl) };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'no error';
}

async function buyerEvidence(orderId: string) {
  const items = await database.db.select().from(disputeEvidence).where(and(eq(disputeEvidence.orderId, orderId), eq(disputeEvidence.party, 'buyer')));
  const files = items.length ? await database.db.select().from(disputeEvidenceFiles).where(eq(disputeEvidenceFiles.evidenceId, items[0]!.id)) : [];
  return { items: items.length, files: files.length };
}

function form(images: Uint8Array[]): Request {
  const body = new FormData();
  for (const image of images) body.append('images', new Blob([image as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'receipt.png');
  return new Request('http://localhost/pay/x/receipts', { method: 'POST', body });
}

describe('what the buyer is told', () => {
  it('amounts in CNY only: the view carries no USDT amount, rate or fee, whatever the order holds', async () => {
    const order = await payin();
    const view = await checkoutView(database.db, order.token);
    expect(view.fiatAmount).toMatch(/^\d+\.\d{2}$/);
    for (const key of ['assetAmount', 'assetSymbol', 'fxRate', 'feeAmount']) expect(view, key).not.toHaveProperty(key);
    expect(JSON.stringify(view)).not.toMatch(/USDT|\d\.\d{6}(?!\d)/);
  });
});

describe('the merchant’s checkout frame', () => {
  it('shows the display name and a readable accent, and a logo when there is one', async () => {
    const order = await payin();
    expect(await checkoutBranding(database.db, order.token)).toMatchObject({ accent: null, hasLogo: false });
    await updateCheckoutSettings(database.db, { merchantId: merchant.merchantId, checkoutDisplayName: '  Tea House ', checkoutAccentColor: '#FFD400', actor: cliActor });
    await setCheckoutLogo(database.db, { merchantId: merchant.merchantId, bytes: await tinyPng('#336699'), actor: cliActor });
    expect(await checkoutBranding(database.db, order.token)).toEqual({ merchantName: 'Tea House', accent: { background: '#ffd400', text: '#000000' }, hasLogo: true });
    expect((await checkoutView(database.db, order.token)).merchantName).toBe('Tea House');
    expect((await checkoutLogo(database.db, order.token))?.contentType).toBe('image/png');

    // Empty fields fall back to the defaults; the logo can be removed.
    await updateCheckoutSettings(database.db, { merchantId: merchant.merchantId, checkoutDisplayName: '', checkoutAccentColor: '', actor: cliActor });
    await setCheckoutLogo(database.db, { merchantId: merchant.merchantId, bytes: null, actor: cliActor });
    const plain = await checkoutBranding(database.db, order.token);
    expect(plain.accent).toBeNull();
    expect(plain.hasLogo).toBe(false);
    expect(await database.db.select().from(merchantCheckoutLogos).where(eq(merchantCheckoutLogos.merchantId, merchant.merchantId))).toEqual([]);
    const actions = (await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, merchant.merchantId))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['merchant.checkout_update', 'merchant.checkout_logo_set', 'merchant.checkout_logo_removed']));
  });

  it('refuses a colour that is not #rrggbb, a logo that is not an image and an unknown merchant, changing nothing', async () => {
    expect(await codeOf(updateCheckoutSettings(database.db, { merchantId: merchant.merchantId, checkoutAccentColor: 'red', actor: cliActor }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(updateCheckoutSettings(database.db, { merchantId: merchant.merchantId, checkoutDisplayName: 'x'.repeat(61), actor: cliActor }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(updateCheckoutSettings(database.db, { merchantId: merchant.merchantId, actor: cliActor }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(setCheckoutLogo(database.db, { merchantId: merchant.merchantId, bytes: new TextEncoder().encode('<svg/>'), actor: cliActor }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(updateCheckoutSettings(database.db, { merchantId: crypto.randomUUID(), askPayerName: true, actor: cliActor }))).toBe('NOT_FOUND');
    expect(await codeOf(setCheckoutLogo(database.db, { merchantId: crypto.randomUUID(), bytes: null, actor: cliActor }))).toBe('NOT_FOUND');
    const order = await payin();
    expect((await checkoutBranding(database.db, order.token)).accent).toBeNull();
  });

  it('answers an unknown link and one whose order ended over a day ago as not found', async () => {
    expect(await codeOf(checkoutBranding(database.db, 'A'.repeat(43)))).toBe('ORDER_NOT_FOUND');
    const order = await payin();
    await cancelByBuyer(database.db, order.token);
    const [row] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, order.orderId));
    const later = new Date(row!.updatedAt.getTime() + CHECKOUT_LINK_AFTER_END_MS - 1000);
    expect((await checkoutView(database.db, order.token, later)).status).toBe('CANCELLED');
    const tooLate = new Date(row!.updatedAt.getTime() + CHECKOUT_LINK_AFTER_END_MS + 1000);
    expect(await codeOf(checkoutBranding(database.db, order.token, tooLate))).toBe('ORDER_NOT_FOUND');
    expect(await codeOf(checkoutView(database.db, order.token, tooLate))).toBe('ORDER_NOT_FOUND');
  });
});

describe('the buyer’s report of a problem', () => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;

  async function caught(promise: Promise<unknown>): Promise<DomainError> {
    try {
      await promise;
    } catch (error) {
      if (error instanceof DomainError) return error;
      throw error;
    }
    throw new Error('no error');
  }

  it('opens 15 minutes after "I Have Paid", and a refusal says when and why, changing nothing', async () => {
    const order = await payin();
    const paidAt = new Date(Date.now() + 1_000);
    await submitBuyerPayment(database.db, { token: order.token, now: paidAt });
    const waiting = await checkoutView(database.db, order.token, paidAt);
    expect(waiting.canReportProblemFrom).toBe(new Date(paidAt.getTime() + 15 * MINUTE).toISOString());
    expect(waiting.reportWaitMinutes).toBe(15);
    expect(waiting.reportRulingHours).toBe(8);
    expect(waiting.dispute).toBeNull();

    const early = await caught(reportBuyerProblem(database.db, { token: order.token, report: { kind: 'not_confirmed', message: 'Nothing yet' }, now: new Date(paidAt.getTime() + 14 * MINUTE) }));
    expect(early.code).toBe('TRANSITION_NOT_DUE');
    expect(early.meta).toEqual({ reportFrom: waiting.canReportProblemFrom });
    expect(early.message).toMatch(/the payee usually confirms by then/);
    expect((await checkoutView(database.db, order.token)).status).toBe('PAYMENT_SUBMITTED');

    await reportBuyerProblem(database.db, { token: order.token, report: { kind: 'not_confirmed', message: '  I paid at 10:02 from my ICBC card.  ' }, now: new Date(paidAt.getTime() + 15 * MINUTE) });
    const view = await checkoutView(database.db, order.token);
    expect(view.status).toBe('DISPUTED');
    expect(view.dispute).toMatchObject({ report: 'I paid at 10:02 from my ICBC card.', reportKind: 'not_confirmed' });
  });

  it('takes a mistake the buyer knows of at once, without the wait, and tells operators its kind', async () => {
    for (const kind of ['amount_differs', 'other_details', 'other'] as const) {
      const order = await payin();
      const paidAt = new Date(Date.now() + 1_000);
      await submitBuyerPayment(database.db, { token: order.token, now: paidAt });
      await reportBuyerProblem(database.db, { token: order.token, report: { kind, message: 'I left out the memo code.' }, now: new Date(paidAt.getTime() + 1_000) });
      expect((await checkoutView(database.db, order.token)).dispute).toMatchObject({ openedBy: 'buyer', reportKind: kind, report: 'I left out the memo code.' });
      const [row] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, order.orderId));
      expect(row?.buyerReportKind).toBe(kind);
    }
    const transitions = await database.db.select({ note: orderTransitions.note, toStatus: orderTransitions.toStatus }).from(orderTransitions);
    expect(transitions.filter((t) => t.toStatus === 'DISPUTED').map((t) => t.note)).toContain('Something else: I left out the memo code.');
  });

  it('through the page refuses a report without a known kind, changing nothing', async () => {
    const order = await payin();
    await submitBuyerPayment(database.db, { token: order.token });
    const buyer = callerAs(database.db, null);
    expect(await refusalCode(buyer.checkout.reportProblem({ token: order.token, kind: 'impatient' as 'other', message: 'Where is it?' }))).toBe('BAD_REQUEST');
    expect((await checkoutView(database.db, order.token)).status).toBe('PAYMENT_SUBMITTED');
    const reported = await buyer.checkout.reportProblem({ token: order.token, kind: 'other_details', message: 'I forgot the memo code.' });
    expect(reported.dispute).toMatchObject({ openedBy: 'buyer', reportKind: 'other_details', report: 'I forgot the memo code.' });
  });

  it('refuses a report before "I Have Paid" whatever its kind, changing nothing', async () => {
    const order = await payin();
    expect(await codeOf(reportBuyerProblem(database.db, { token: order.token, report: { kind: 'amount_differs', message: 'Too early' } }))).toBe('INVALID_ORDER_STATE');
    expect((await checkoutView(database.db, order.token)).status).toBe('PENDING_PAYMENT');
    await cancelByBuyer(database.db, order.token);
  });

  it('is echoed on the disputed screen with when to expect an answer, from the buyer-report due-by times', async () => {
    const order = await payin();
    const paidAt = new Date(Date.now() + 1_000);
    await submitBuyerPayment(database.db, { token: order.token, now: paidAt });
    const reportedAt = new Date(paidAt.getTime() + 20 * MINUTE);
    await reportBuyerProblem(database.db, { token: order.token, report: { kind: 'amount_differs', message: 'I sent 110.00 instead of 100.00.' }, now: reportedAt });
    const view = await checkoutView(database.db, order.token, reportedAt);
    expect(view.dispute).toEqual({
      openedBy: 'buyer',
      reportedAt: reportedAt.toISOString(),
      report: 'I sent 110.00 instead of 100.00.',
      reportKind: 'amount_differs',
      takenUp: false,
      takenUpBy: new Date(reportedAt.getTime() + HOUR).toISOString(),
      decidedBy: new Date(reportedAt.getTime() + 8 * HOUR).toISOString(),
      firstResponseHours: 1,
      rulingHours: 8,
    });

    const operator = await createOperator(database.db, { email: `echo-${crypto.randomUUID()}@test.local`, password: 'correct horse battery', displayName: 'Echo operator' }, cliActor);
    await claimDispute(database.db, { flow: 'payin', orderId: order.orderId }, { id: operator.userId });
    expect((await checkoutView(database.db, order.token, reportedAt)).dispute?.takenUp).toBe(true);
  });

  it('does not show the buyer the trader’s own reason when the trader reported the money missing', async () => {
    const order = await payin();
    await submitBuyerPayment(database.db, { token: order.token });
    await reportNotReceived(database.db, { traderId, orderId: order.orderId, reason: 'Internal: nothing on the ICBC statement' });
    const dispute = (await checkoutView(database.db, order.token)).dispute;
    expect(dispute?.openedBy).toBe('trader');
    expect(dispute?.report).toBeNull();
    expect(dispute?.reportKind).toBeNull();
    expect(JSON.stringify(dispute)).not.toContain('ICBC statement');
    expect([dispute?.firstResponseHours, dispute?.rulingHours]).toEqual([2, 12]);
  });
});

describe('who cancelled', () => {
  it('tells the buyer they cancelled, or that the merchant did', async () => {
    const mine = await payin();
    await cancelByBuyer(database.db, mine.token);
    expect((await checkoutView(database.db, mine.token)).cancelledBy).toBe('buyer');
    const theirs = await payin();
    await merchantCancelPayin(database.db, { merchantId: merchant.merchantId, reference: theirs.orderNo });
    expect((await checkoutView(database.db, theirs.token)).cancelledBy).toBe('merchant');
    const open = await payin();
    expect((await checkoutView(database.db, open.token)).cancelledBy).toBeNull();
    await cancelByBuyer(database.db, open.token);
  });
});

describe('the buyer’s receipts', () => {
  it('are refused before "I Have Paid", then taken at once up to 3 in all, as buyer evidence', async () => {
    const order = await payin();
    expect(await codeOf(addBuyerReceipts(database.db, { token: order.token, files: [await tinyPng('#111111')] }))).toBe('INVALID_ORDER_STATE');
    expect((await checkoutView(database.db, order.token)).receipts).toBeNull();

    await submitBuyerPayment(database.db, { token: order.token });
    expect((await checkoutView(database.db, order.token)).receipts).toEqual({ attached: 0, remaining: 3 });
    expect(await codeOf(addBuyerReceipts(database.db, { token: order.token, files: [] }))).toBe('VALIDATION_FAILED');
    expect(await codeOf(addBuyerReceipts(database.db, { token: order.token, files: [new TextEncoder().encode('not an image')] }))).toBe('VALIDATION_FAILED');
    expect(await buyerEvidence(order.orderId)).toEqual({ items: 0, files: 0 });

    const item = await addBuyerReceipts(database.db, { token: order.token, files: [await tinyPng('#222222'), await tinyPng('#333333')] });
    expect(item.party).toBe('buyer');
    expect(await buyerEvidence(order.orderId)).toEqual({ items: 1, files: 2 });
    expect((await checkoutView(database.db, order.token)).receipts).toEqual({ attached: 2, remaining: 1 });
    expect(await codeOf(addBuyerReceipts(database.db, { token: order.token, files: [await tinyPng('#444444'), await tinyPng('#555555')] }))).toBe('VALIDATION_FAILED');
    await addBuyerReceipts(database.db, { token: order.token, files: [await tinyPng('#666666')] });
    expect((await checkoutView(database.db, order.token)).receipts).toEqual({ attached: 3, remaining: 0 });
  });

  it('come through POST /pay/:token/receipts as multipart, refused from another site or unknown links', async () => {
    const order = await payin();
    await submitBuyerPayment(database.db, { token: order.token });
    const status = async (response: Response) => [response.status, response.status === 201 ? null : ((await response.json()) as { error: { code: string } }).error.code];
    const png = await tinyPng('#123456');
    expect(await status(await uploadReceiptsResponse(database.db, form([png]), 'A'.repeat(43)))).toEqual([404, 'ORDER_NOT_FOUND']);
    const crossSite = form([png]);
    const forged = new Request(crossSite, { headers: new Headers([...crossSite.headers, ['sec-fetch-site', 'cross-site']]) });
    expect(await status(await uploadReceiptsResponse(database.db, forged, order.token))).toEqual([403, 'FORBIDDEN']);
    const json = new Request('http://localhost/pay/x/receipts', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(await status(await uploadReceiptsResponse(database.db, json, order.token))).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(await buyerEvidence(order.orderId)).toEqual({ items: 0, files: 0 });
    const response = await uploadReceiptsResponse(database.db, form([png]), order.token);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ attached: 1 });
  });
});

describe('the live status', () => {
  it('wakes a subscriber of the order when a transition commits, not a subscriber of another order', async () => {
    const order = await payin();
    const other = await payin();
    const seen: string[] = [];
    let wake: () => void = () => {};
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const stopOther = await onPayinChange(database, other.orderId, () => seen.push('other'));
    const stop = await onPayinChange(database, order.orderId, () => {
      seen.push('mine');
      wake();
    });
    await submitBuyerPayment(database.db, { token: order.token });
    await woken;
    expect(seen).toEqual(['mine']);
    stop();
    stopOther();
    await cancelByBuyer(database.db, other.token);
  });

  it('streams a change event on open and after each change; 404 for an unknown link, 204 once final', async () => {
    expect((await checkoutEventsResponse(database, new Request('http://localhost/pay/x/events'), 'A'.repeat(43))).status).toBe(404);
    const order = await payin();
    const abort = new AbortController();
    const response = await checkoutEventsResponse(database, new Request('http://localhost/pay/x/events', { signal: abort.signal }), order.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const next = async () => decoder.decode((await reader.read()).value);
    expect(await next()).toContain('event: change');
    await cancelByBuyer(database.db, order.token);
    expect(await next()).toBe('event: change\ndata: {}\n\n');
    abort.abort();
    await reader.cancel();
    expect((await checkoutEventsResponse(database, new Request('http://localhost/pay/x/events'), order.token)).status).toBe(204);
  });
});
