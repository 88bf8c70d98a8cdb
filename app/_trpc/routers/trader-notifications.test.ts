import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayinCreated } from '../../../clients/node/corridor-client';
import { bankNotifications, payinOrders, traderBankAccounts } from '../../../db/schema';
import { receiveNotification } from '../../../server/notifications/receive-notification';
import { recordHeartbeat } from '../../../server/notifications/record-heartbeat';
import { pruneRecords } from '../../../server/scheduler/prune-records';
import { apiDatabase, apiMerchant, payinTrader, type TestMerchant } from '../../../tests/api/api-harness';
import type { TestDatabase } from '../../../tests/db/test-database';
import { callerAs, signedInOperator, traderSession } from '../../../tests/trpc/trpc-harness';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

/** The domain's code of a refusal, or the tRPC code when the input never reached the domain. */
async function codeOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return (error.cause as { code?: string } | undefined)?.code ?? error.code;
    throw error;
  }
  return 'no error';
}

/** ABC's SMS: no payer name, no memo. With the account's digits, an exact unique amount in time scores 85. */
function abcCredit(amount: string, balance: string, at = new Date()) {
  const local = new Date(at.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `【中国农业银行】您尾号0001账户${local.getUTCMonth() + 1}月${local.getUTCDate()}日${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}完成转账交易人民币${amount}，余额${balance}。`;
}

// Each test's trader quotes the best price, so its pay-in is matched to it.
let step = 0;

async function setUp(merchantOrderNo: string) {
  step += 1;
  const trader = await payinTrader(database.db, `7.${String(2000 - step).padStart(4, '0')}`);
  const caller = callerAs(database.db, traderSession(trader));
  const [account] = await database.db.select().from(traderBankAccounts).where(eq(traderBankAccounts.traderId, trader.traderId));
  await caller.trader.setAutoConfirm({ bankAccountId: account!.id, autoConfirm: true, threshold: 90, silenceSeconds: 900 });
  await recordHeartbeat(database.db, { traderId: trader.traderId, input: { bankAccountId: account!.id } });
  const created = (await merchant.client.createPayin({ merchantOrderNo, fiatAmount: '180.00' })).body as PayinCreated;
  const token = new URL(created.payUrl).pathname.split('/').pop() ?? '';
  // The buyer marks paid on the checkout with the name on their account.
  await callerAs(database.db, null).checkout.markPaid({ token, payerName: '张三' });
  const [order] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, created.orderId));
  const notification = await receiveNotification(database.db, {
    traderId: trader.traderId,
    input: { bankAccountId: account!.id, sender: '95599', text: abcCredit(order!.paymentFiatAmount!, `${merchantOrderNo.length},000.00`), receivedAt: new Date().toISOString() },
  });
  return { trader, caller, account: account!, created, order: order!, notification };
}

describe('bank notifications on the trader dashboard', () => {
  it('shows the owner the feed with the suggestion, and the payer name on the pay-in card; nobody else', async () => {
    const { caller, created, notification } = await setUp('dash-nt-1');
    expect(notification).toMatchObject({ matchStatus: 'suggested', orderId: created.orderId, score: 85 });
    const feed = await caller.trader.notifications({});
    expect(feed.items[0]).toMatchObject({ id: notification.id, matchStatus: 'suggested', parserId: 'abc', order: { id: created.orderId } });
    expect(feed.items[0]?.text).toContain('中国农业银行');
    const card = (await caller.trader.payins({ group: 'open' })).items.find((p) => p.orderId === created.orderId);
    expect(card).toMatchObject({ payerName: '张三', notification: { id: notification.id, matchStatus: 'suggested' } });
    expect(card?.buyerReference).toMatch(/^[A-Z2-9]{6}$/);

    const stranger = await payinTrader(database.db);
    const strangerCaller = callerAs(database.db, traderSession(stranger));
    expect((await strangerCaller.trader.notifications({})).items).toEqual([]);
    expect(await codeOf(strangerCaller.trader.confirmSuggestion({ notificationId: notification.id }))).toBe('SUGGESTION_NOT_FOUND');
    // The merchant's view of the pay-in never carries the payer's name.
    expect(JSON.stringify((await merchant.client.getPayin(created.orderNo)).body)).not.toContain('张三');
  });

  it('confirming a suggestion releases the pay-in once, even sent twice at the same time', async () => {
    const { caller, created, notification } = await setUp('dash-nt-2');
    const results = await Promise.allSettled([
      caller.trader.confirmSuggestion({ notificationId: notification.id }),
      caller.trader.confirmSuggestion({ notificationId: notification.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as TRPCError).cause).toMatchObject({ code: 'SUGGESTION_NOT_FOUND' });
    const [order] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, created.orderId));
    expect(order?.status).toBe('COMPLETED');
    const [stored] = await database.db.select().from(bankNotifications).where(eq(bankNotifications.id, notification.id));
    expect(stored?.matchStatus).toBe('confirmed');
    expect(await codeOf(caller.trader.rejectSuggestion({ notificationId: notification.id }))).toBe('SUGGESTION_NOT_FOUND');
  });

  it('rejecting a suggestion changes no order; operators see the figures; notifications go after 30 days', async () => {
    const { trader, caller, created, notification } = await setUp('dash-nt-3');
    expect(await caller.trader.rejectSuggestion({ notificationId: notification.id })).toEqual({ id: notification.id, matchStatus: 'rejected' });
    const [order] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, created.orderId));
    expect(order?.status).toBe('PAYMENT_SUBMITTED');

    const operator = await signedInOperator(database.db);
    const stats = await operator.caller.operator.notifications.stats({});
    expect(stats.find((row) => row.traderId === trader.traderId)).toMatchObject({ parserId: 'abc', credits: 1, suggestionsRejected: 1, autoReleased: 0 });

    expect((await pruneRecords(database.db, new Date(Date.now() + 29 * 86_400_000))).notifications).toBe(0);
    expect((await pruneRecords(database.db, new Date(Date.now() + 31 * 86_400_000))).notifications).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(bankNotifications).where(eq(bankNotifications.id, notification.id))).toEqual([]);
  });

  it('refuses bad settings as a 400 (BAD_REQUEST)', async () => {
    const { caller, account } = await setUp('dash-nt-4');
    expect(await codeOf(caller.trader.setAutoConfirm({ bankAccountId: account.id, autoConfirm: true, threshold: 101, silenceSeconds: 900 }))).toBe('BAD_REQUEST');
    expect(await codeOf(caller.trader.setAutoConfirm({ bankAccountId: account.id, autoConfirm: true, threshold: 90, silenceSeconds: 10 }))).toBe('BAD_REQUEST');
  });
});

/** ICBC's SMS names the payer and carries the memo. */
function icbcCredit(amount: string, payer: string, memo: string, at = new Date()) {
  const local = new Date(at.getTime() + 8 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `您尾号0001卡${local.getUTCMonth() + 1}月${local.getUTCDate()}日${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}网上银行转账收入(${payer})${amount}元，余额5,000.00元，附言${memo}。【工商银行】`;
}

describe('what the trader weighs before releasing on a suggestion', () => {
  it('a match whose payer name differs scores 70, and the feed gives its parts, the buyer’s name and the USDT that leaves escrow', async () => {
    const { trader, caller, account, created, order } = await setUp('dash-nt-5');
    const notification = await receiveNotification(database.db, {
      traderId: trader.traderId,
      input: { bankAccountId: account.id, sender: '95588', text: icbcCredit(order.paymentFiatAmount!, '李四', order.buyerReference!), receivedAt: new Date().toISOString() },
    });
    // The ABC message of setUp suggested it first; this one is a second candidate credit for the same order.
    expect(notification).toMatchObject({
      matchStatus: 'suggested',
      orderId: created.orderId,
      score: 70,
      signals: { amount: true, uniqueAmount: true, reference: true, payerName: 'differs', inWindow: true, last4: true },
    });
    const item = (await caller.trader.notifications({})).items.find((entry) => entry.id === notification.id)!;
    expect(item.scoreParts).toEqual([
      { signal: 'amount', held: true, points: 50 },
      { signal: 'uniqueAmount', held: true, points: 20 },
      { signal: 'reference', held: true, points: 25 },
      { signal: 'payerName', held: 'differs', points: -40 },
      { signal: 'inWindow', held: true, points: 10 },
      { signal: 'last4', held: true, points: 5 },
    ]);
    expect(item.payerName).toBe('李四');
    expect(item.order).toMatchObject({ payerName: '张三', buyerReference: order.buyerReference, amount: order.paymentFiatAmount, assetAmount: order.assetAmount });
  });
});
