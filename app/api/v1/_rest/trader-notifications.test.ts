import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorTraderClient, type BankNotification, type EventList, type Payin, type PayinCreated } from '../../../../clients/node/corridor-client';
import { auditLog, bankNotifications, orderTransitions, payinOrders, traderBankAccounts } from '../../../../db/schema';
import { issueApiKey } from '../../../../server/api-keys/issue-api-key';
import { cliActor } from '../../../../server/audit';
import { metricsRegistry } from '../../../../server/metrics/registry';
import { updateAutoConfirm } from '../../../../server/notifications/update-auto-confirm';
import { checkoutView, submitBuyerPayment } from '../../../../server/checkout/checkout';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, payinTrader, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;
const tokenOf = (payUrl: string) => new URL(payUrl).pathname.split('/').pop() ?? '';

/** A trader selling USDT whose one account (last 4: 0001) confirms from notifications; the forwarder has just checked in. */
async function autoConfirmTrader(threshold = 90) {
  const trader = await payinTrader(database.db);
  const [account] = await database.db.select().from(traderBankAccounts).where(eq(traderBankAccounts.traderId, trader.traderId));
  if (!account) throw new Error('no account');
  await updateAutoConfirm(database.db, { traderId: trader.traderId, input: { bankAccountId: account.id, autoConfirm: true, threshold, silenceSeconds: 900 }, actor: cliActor });
  const key = await issueApiKey(database.db, { traderId: trader.traderId });
  const client = new CorridorTraderClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
  expect((await client.heartbeat(account.id)).status).toBe(200);
  return { traderId: trader.traderId, accountId: account.id, client };
}

async function payin(merchantOrderNo: string, fiatAmount: string) {
  const created = await merchant.client.createPayin({ merchantOrderNo, fiatAmount });
  expect(created.status).toBe(201);
  const body = created.body as PayinCreated;
  const [row] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, body.orderId));
  return { ...body, row: row!, token: tokenOf(body.payUrl) };
}

/** The bank's clock: China time, to the minute, as the SMS prints it. */
function chinaClock(at = new Date()) {
  const local = new Date(at.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCMonth() + 1}月${local.getUTCDate()}日${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

const icbcCredit = (amount: string, memo: string, balance: string) =>
  `您尾号0001卡${chinaClock()}网上银行转账收入(张三)${amount}元，余额${balance}元，附言${memo}。【工商银行】`;

describe('bank notifications through the trader API', () => {
  it('gives equal pay-ins on one auto-confirm account different amounts, and shows the buyer the amount and reference', async () => {
    const bot = await autoConfirmTrader();
    const first = await payin('nt-offset-1', '100.00');
    const second = await payin('nt-offset-2', '100.00');
    expect(first.row.traderBankAccountId).toBe(bot.accountId);
    expect([first.row.paymentFiatAmount, second.row.paymentFiatAmount]).toEqual(['100.00', '100.01']);
    // The merchant's amounts do not change.
    expect([first.row.fiatAmount, second.row.fiatAmount]).toEqual(['100.00', '100.00']);
    const view = await checkoutView(database.db, second.token);
    expect(view.fiatAmount).toBe('100.01');
    expect(view.buyerReference).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
  });

  it('releases the paid pay-in a unique credit names, once, with the notification as evidence; the merchant gets order.completed', async () => {
    const bot = await autoConfirmTrader();
    const order = await payin('nt-release-1', '250.00');
    await submitBuyerPayment(database.db, { token: order.token });
    const now = new Date();
    const sent = await bot.client.postNotification({
      bankAccountId: bot.accountId,
      sender: '95588',
      text: icbcCredit(order.row.paymentFiatAmount!, order.row.buyerReference!, '9,000.00'),
      receivedAt: now.toISOString(),
    });
    expect(sent.status).toBe(200);
    const body = sent.body as BankNotification;
    expect(body).toMatchObject({ parserId: 'icbc', direction: 'credit', amount: order.row.paymentFiatAmount, matchStatus: 'released', orderId: order.orderId, duplicate: false });
    expect(body.score).toBe(100);
    // The text and the payer's name never come back.
    expect(JSON.stringify(body)).not.toContain('张三');

    expect(((await merchant.client.getPayin(order.orderNo)).body as Payin).status).toBe('COMPLETED');
    const events = (await merchant.client.listEvents({ type: 'order.completed' })).body as EventList;
    expect(events.items.map((e) => (e.data as { id?: string }).id)).toContain(order.orderId);
    const timeline = await database.db.select().from(orderTransitions).where(and(eq(orderTransitions.orderId, order.orderId), eq(orderTransitions.action, 'confirm_receipt')));
    expect(timeline[0]?.note).toContain(body.id);
    expect(timeline[0]?.actorId).toBe(bot.traderId);
    const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payin.auto_released'), eq(auditLog.targetId, order.orderId)));
    expect(audit).toHaveLength(1);

    // Forwarded again: the first answer, nothing done twice.
    const again = await bot.client.postNotification({
      bankAccountId: bot.accountId,
      sender: '95588',
      text: icbcCredit(order.row.paymentFiatAmount!, order.row.buyerReference!, '9,000.00'),
      receivedAt: new Date(now.getTime() + 1000).toISOString(),
    });
    expect(again.body).toMatchObject({ id: body.id, duplicate: true, matchStatus: 'released' });
    expect(await database.db.select().from(bankNotifications).where(eq(bankNotifications.traderId, bot.traderId))).toHaveLength(1);

    // The operators' metrics count both.
    const metrics = await metricsRegistry().metrics();
    expect(metrics).toMatch(/corridor_bank_notifications_total\{result="released"\} [1-9]/);
    expect(metrics).toMatch(/corridor_bank_notifications_total\{result="duplicate"\} [1-9]/);
    expect(metrics).toMatch(/corridor_payin_notification_releases_total\{how="auto",parser="icbc"\} [1-9]/);
  });

  it('never releases on a debit, a wrong amount, or a pay-in the buyer has not marked paid; unknown texts stay unparsed', async () => {
    const bot = await autoConfirmTrader();
    const unpaid = await payin('nt-unpaid-1', '300.00');
    const paid = await payin('nt-paid-1', '400.00');
    await submitBuyerPayment(database.db, { token: paid.token });
    const post = async (sender: string, text: string) =>
      (await bot.client.postNotification({ bankAccountId: bot.accountId, sender, text, receivedAt: new Date().toISOString() })).body as BankNotification;

    const debit = await post('95588', `您尾号0001卡11月23日15:10快捷支付支出(支付宝-某某商户)${paid.row.paymentFiatAmount}元，余额4,800.00元。【工商银行】`);
    expect(debit).toMatchObject({ direction: 'debit', matchStatus: 'ignored', orderId: null });
    const wrongAmount = await post('95588', icbcCredit('400.50', paid.row.buyerReference!, '1.00'));
    expect(wrongAmount).toMatchObject({ matchStatus: 'ignored', orderId: null });
    const early = await post('95588', icbcCredit(unpaid.row.paymentFiatAmount!, unpaid.row.buyerReference!, '2.00'));
    expect(early).toMatchObject({ matchStatus: 'suggested', orderId: unpaid.orderId });
    const unknown = await post('95588', '【工商银行】您的验证码是123456，请勿泄露。');
    expect(unknown).toMatchObject({ matchStatus: 'unparsed', parserId: null, amount: null });

    for (const order of [unpaid, paid]) {
      const [row] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, order.orderId));
      expect(row?.status).toBe(order === unpaid ? 'PENDING_PAYMENT' : 'PAYMENT_SUBMITTED');
    }

    // The buyer clicks "I Have Paid" after the credit came: the held match releases it then.
    await submitBuyerPayment(database.db, { token: unpaid.token });
    expect(((await merchant.client.getPayin(unpaid.orderNo)).body as Payin).status).toBe('COMPLETED');
    const [held] = await database.db.select().from(bankNotifications).where(eq(bankNotifications.id, early.id));
    expect([held?.matchStatus, held?.payinOrderId]).toEqual(['released', unpaid.orderId]);
  });

  it("refuses another trader's account and bad input with a code, storing nothing", async () => {
    const bot = await autoConfirmTrader();
    const other = await autoConfirmTrader();
    const foreign = await bot.client.postNotification({ bankAccountId: other.accountId, sender: '95588', text: icbcCredit('1.00', 'X', '1.00'), receivedAt: new Date().toISOString() });
    expect([foreign.status, code(foreign.body)]).toEqual([404, 'BANK_ACCOUNT_NOT_FOUND']);
    const future = await bot.client.postNotification({
      bankAccountId: bot.accountId,
      sender: '95588',
      text: icbcCredit('1.00', 'X', '1.00'),
      receivedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect([future.status, code(future.body)]).toEqual([400, 'VALIDATION_FAILED']);
    const nul = await bot.client.postNotification({ bankAccountId: bot.accountId, sender: '95588', text: 'a\u0000b', receivedAt: new Date().toISOString() });
    expect([nul.status, code(nul.body)]).toEqual([400, 'VALIDATION_FAILED']);
    const heartbeat = await bot.client.heartbeat(other.accountId);
    expect([heartbeat.status, code(heartbeat.body)]).toEqual([404, 'BANK_ACCOUNT_NOT_FOUND']);
    expect(await database.db.select().from(bankNotifications).where(eq(bankNotifications.traderId, bot.traderId))).toHaveLength(0);
  });

  it('stops giving pay-ins to an auto-confirm account whose forwarder went silent', async () => {
    const bot = await autoConfirmTrader();
    await database.db
      .update(traderBankAccounts)
      .set({ listenerLastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(traderBankAccounts.id, bot.accountId));
    for (let i = 0; i < 3; i += 1) {
      const order = await payin(`nt-silent-${i}`, '50.00');
      expect(order.row.traderBankAccountId).not.toBe(bot.accountId);
    }
    expect((await bot.client.heartbeat(bot.accountId)).status).toBe(200);
  });
});
