import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, merchants, payinOrders, payoutOrders, riskHolds, riskRules, traderBankAccounts } from '../../db/schema';
import { submitBuyerPayment } from '../checkout/checkout';
import { receiveNotification } from '../notifications/receive-notification';
import { recordHeartbeat } from '../notifications/record-heartbeat';
import { updateAutoConfirm } from '../notifications/update-auto-confirm';
import { setTraderOnline } from '../traders/set-online';
import { apiDatabase, apiMerchant, payinTrader, payoutBody, payoutTrader } from '../../tests/api/api-harness';
import type { TestDatabase } from '../../tests/db/test-database';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { cliActor } from '../audit';
import { accountIds, balanceOf, checkLedgerInvariants } from '../ledger';
import { createPayin } from '../payins/create-payin';
import { acceptPayout } from '../payouts/accept-payout';
import { createPayout } from '../payouts/create-payout';
import { listOpenTasks } from '../payouts/list-open-tasks';
import { runDueTimers } from '../scheduler/run-due-timers';
import { backTestRiskRule } from '../risk/back-test-rule';
import { createRiskRule } from '../risk/create-risk-rule';
import { forgetRiskRules } from '../risk/enabled-rules';
import type { CreateRiskRuleInput } from '../risk/risk-rule.schema';
import { setRiskRuleEnabled } from '../risk/set-risk-rule-enabled';
import { decideRiskHold } from './decide-risk-hold';
import { listHeldOrders } from './list-held-orders';

type Merchant = typeof merchants.$inferSelect;

let database: TestDatabase;
let merchantA: Merchant;
let merchantB: Merchant;
let payoutTraderId: string;
let payinTraderId: string;
let operatorId: string;

const db = () => database.db;
const hex = () => randomBytes(8).toString('hex');

async function merchantRow(balance: string): Promise<Merchant> {
  const { merchantId } = await apiMerchant(db(), balance);
  const [row] = await db().select().from(merchants).where(eq(merchants.id, merchantId));
  return row!;
}

beforeAll(async () => {
  // The database the in-process REST API serves too (one test goes through it).
  database = await apiDatabase();
  merchantA = await merchantRow('100000.00');
  merchantB = await merchantRow('100000.00');
  payoutTraderId = (await payoutTrader(db(), '7.0000', '100000.00')).traderId;
  payinTraderId = (await payinTrader(db(), '7.2500', '100000.00')).traderId;
  operatorId = (await signedInOperator(db())).userId;
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // Rules are global: each test switches on only its own.
  await db().update(riskRules).set({ enabled: false });
  forgetRiskRules();
});

/** A rule created and switched on, as an operator would after its back-test. */
async function rule(input: CreateRiskRuleInput) {
  const created = await createRiskRule(db(), input, cliActor);
  await setRiskRuleEnabled(db(), { ruleId: created.id, enabled: true, actor: cliActor });
  return created;
}

/** A payout create through the API's path (the batch function), 700.00 CNY = 100 USDT at 7.0000. */
async function payout(merchant: Merchant, overrides: Record<string, unknown> = {}, clientAddress = '203.0.113.1') {
  const body = payoutBody(overrides);
  const outcome = await createPayout(db(), {
    merchant,
    input: body as never,
    idempotency: { principalId: merchant.id, endpoint: 'POST /api/v1/withdrawals', key: hex(), requestHash: hex() },
    now: new Date(),
    clientAddress,
  });
  return outcome.body as { orderId: string; status: string };
}

async function payin(merchant: Merchant, fiatAmount = '725.00', options: { buyerId?: string; clientAddress?: string } = {}) {
  const input = { merchantOrderNo: `pi-${hex()}`, fiatAmount, ...(options.buyerId ? { metadata: { buyerId: options.buyerId } } : {}) };
  const { order } = await db().transaction((tx) => createPayin(tx, { merchant, input, now: new Date(), clientAddress: options.clientAddress ?? '198.51.100.1' }));
  return order;
}

const holdOf = async (orderId: string) => (await db().select().from(riskHolds).where(eq(riskHolds.orderId, orderId)))[0];
const payoutCount = async (merchantId: string) => (await db().select().from(payoutOrders).where(eq(payoutOrders.merchantId, merchantId))).length;
const available = (merchant: Merchant) => balanceOf(db(), accountIds.merchantAvailable(merchant.id));
const frozen = (merchant: Merchant) => balanceOf(db(), accountIds.merchantFrozen(merchant.id));
const account = () => `62220202${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;

describe('the grammar', () => {
  it('refuses a bad rule with a code and stores nothing', async () => {
    const before = (await db().select().from(riskRules)).length;
    await expect(createRiskRule(db(), { name: 'No limit', flows: ['payout'], condition: { kind: 'velocity', per: 'client_address', windowMinutes: 60 }, action: 'block' }, cliActor)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(createRiskRule(db(), { name: 'Buyer on payouts', flows: ['payout'], condition: { kind: 'velocity', per: 'buyer_reference', windowMinutes: 60, maxCount: 2 }, action: 'block' }, cliActor)).rejects.toMatchObject({
      code: 'RISK_RULE_INVALID',
    });
    await expect(createRiskRule(db(), { name: 'Mismatch blocks', flows: ['payin'], condition: { kind: 'payer_name_mismatch' }, action: 'block' }, cliActor)).rejects.toMatchObject({ code: 'RISK_RULE_INVALID' });
    await expect(createRiskRule(db(), { name: 'Letters', flows: ['payout'], condition: { kind: 'blocklist', list: 'recipient_account', values: ['not-digits'] }, action: 'block' }, cliActor)).rejects.toMatchObject({
      code: 'RISK_RULE_INVALID',
    });
    expect((await db().select().from(riskRules)).length).toBe(before);
  });

  it('stores a blocklist of names as fingerprints, never the names, and starts switched off', async () => {
    const created = await createRiskRule(db(), { name: 'Names', flows: ['payout'], condition: { kind: 'blocklist', list: 'name', values: ['Zhang San', 'zhang  san', 'Li Si'] }, action: 'review' }, cliActor);
    expect(created).toMatchObject({ enabled: false, condition: { kind: 'blocklist', list: 'name', size: 2 }, reference: expect.stringMatching(/^RR-[0-9A-F]{8}$/) });
    const [row] = await db().select().from(riskRules).where(eq(riskRules.id, created.id));
    expect(JSON.stringify(row!.condition)).not.toMatch(/zhang|li si/i);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'risk_rule.create'), eq(auditLog.targetId, created.id)));
    expect(JSON.stringify(audit!.details)).not.toMatch(/zhang|li si/i);
  });
});

describe('velocity', () => {
  it('blocks the third payout from one client address within the window, writing nothing', async () => {
    const blocking = await rule({ name: 'Two per hour per address', flows: ['payout'], condition: { kind: 'velocity', per: 'client_address', windowMinutes: 60, maxCount: 2 }, action: 'block' });
    const address = '192.0.2.77';
    await payout(merchantA, {}, address);
    await payout(merchantA, {}, address);
    const [count, balance] = [await payoutCount(merchantA.id), await available(merchantA)];
    const refusal = await payout(merchantA, {}, address).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'RISK_BLOCKED', message: expect.stringContaining(blocking.reference) });
    expect(JSON.stringify(refusal)).not.toContain('client_address');
    expect([await payoutCount(merchantA.id), await available(merchantA)]).toEqual([count, balance]);
    // Another address is not counted with it.
    expect((await payout(merchantA, {}, '192.0.2.78')).status).toBe('PENDING_MATCH');
  });

  it('holds a payout when a recipient account has received more than the amount in the window', async () => {
    const recipient = account();
    await rule({ name: 'CNY per recipient', flows: ['payout'], condition: { kind: 'velocity', per: 'recipient_account', windowMinutes: 1440, maxAmount: '1000.00' }, action: 'review' });
    const first = await payout(merchantA, { recipient: { holderName: 'Li Lei', bankAccount: recipient, bankName: 'Bank of China' } });
    expect(await holdOf(first.orderId)).toBeUndefined();
    const second = await payout(merchantA, { recipient: { holderName: 'Li Lei', bankAccount: recipient, bankName: 'Bank of China' } });
    expect(second.status).toBe('PENDING_MATCH');
    expect(await holdOf(second.orderId)).toMatchObject({ flow: 'payout', state: 'held', merchantId: merchantA.id });
    // Not in the pool, and not to be taken.
    const pool = await listOpenTasks(db(), { traderId: payoutTraderId, page: { page: 1, pageSize: 100 } });
    expect(pool.items.map((item) => item.orderId)).toContain(first.orderId);
    expect(pool.items.map((item) => item.orderId)).not.toContain(second.orderId);
    await expect(acceptPayout(db(), { traderId: payoutTraderId, orderId: second.orderId })).rejects.toMatchObject({ code: 'ORDER_HELD' });
  });

  it('blocks a pay-in past the count per buyer reference, counted within the merchant only', async () => {
    await rule({ name: 'Buyer twice a day', flows: ['payin'], condition: { kind: 'velocity', per: 'buyer_reference', windowMinutes: 1440, maxCount: 2 }, action: 'block' });
    const buyerId = `buyer-${hex()}`;
    await payin(merchantA, '725.00', { buyerId });
    await payin(merchantA, '725.00', { buyerId });
    // Merchant B's customer of the same name is another buyer.
    await payin(merchantB, '725.00', { buyerId });
    const escrow = await balanceOf(db(), accountIds.traderEscrow(payinTraderId));
    await expect(payin(merchantA, '725.00', { buyerId })).rejects.toMatchObject({ code: 'RISK_BLOCKED' });
    expect(await balanceOf(db(), accountIds.traderEscrow(payinTraderId))).toBe(escrow);
    expect((await payin(merchantA, '725.00', { buyerId: `${buyerId}-other` })).status).toBe('PENDING_PAYMENT');
  });

  it('counts pay-ins per client address', async () => {
    await rule({ name: 'Address amount', flows: ['payin'], condition: { kind: 'velocity', per: 'client_address', windowMinutes: 60, maxAmount: '1000.00' }, action: 'block' });
    await payin(merchantA, '725.00', { clientAddress: '198.51.100.50' });
    await expect(payin(merchantA, '725.00', { clientAddress: '198.51.100.50' })).rejects.toMatchObject({ code: 'RISK_BLOCKED' });
  });
});

describe('through the REST API', () => {
  it('answers 422 RISK_BLOCKED with the rule reference only, and records the address the creates came from', async () => {
    const api = await apiMerchant(db(), '10000.00');
    const blocking = await rule({ name: 'One per address', merchantId: api.merchantId, flows: ['payout', 'payin'], condition: { kind: 'velocity', per: 'client_address', windowMinutes: 60, maxCount: 1 }, action: 'block' });
    const first = await api.client.createPayout(payoutBody() as never, hex());
    expect(first.status).toBe(201);
    const [stored] = await db().select().from(payoutOrders).where(eq(payoutOrders.merchantId, api.merchantId));
    expect(stored!.clientAddress).toMatch(/\S/);
    const refused = await api.client.createPayout(payoutBody() as never, hex());
    expect([refused.status, (refused.body as { error: { code: string; message: string } }).error]).toEqual([422, { code: 'RISK_BLOCKED', message: expect.stringContaining(blocking.reference), requestId: expect.any(String) }]);
    expect(JSON.stringify(refused.body)).not.toMatch(/velocity|client_address|One per address/);
    // Pay-ins are counted apart from payouts: the first passes, the second is refused.
    expect((await api.client.createPayin({ merchantOrderNo: `pi-${hex()}`, fiatAmount: '725.00' })).status).toBe(201);
    const payinRefused = await api.client.createPayin({ merchantOrderNo: `pi-${hex()}`, fiatAmount: '725.00' });
    expect([payinRefused.status, (payinRefused.body as { error: { code: string } }).error.code]).toEqual([422, 'RISK_BLOCKED']);
  });
});

describe('blocklists', () => {
  it('blocks a payout to a listed account and holds one to a listed name, however it is spaced or cased', async () => {
    const blockedAccount = account();
    await rule({ name: 'Mule accounts', flows: ['payout'], condition: { kind: 'blocklist', list: 'recipient_account', values: [blockedAccount] }, action: 'block' });
    await rule({ name: 'Names to check', flows: ['payout'], condition: { kind: 'blocklist', list: 'name', values: ['Zhao Liu'] }, action: 'review' });
    await expect(payout(merchantA, { recipient: { holderName: 'Li Lei', bankAccount: blockedAccount, bankName: 'ICBC' } })).rejects.toMatchObject({ code: 'RISK_BLOCKED' });
    const named = await payout(merchantA, { recipient: { holderName: 'ZHAO   liu', bankAccount: account(), bankName: 'ICBC' } });
    expect(await holdOf(named.orderId)).toMatchObject({ state: 'held' });
    const other = await payout(merchantA, { recipient: { holderName: 'Zhao Liuu', bankAccount: account(), bankName: 'ICBC' } });
    expect(await holdOf(other.orderId)).toBeUndefined();
  });

  it('blocks a pay-in of a listed buyer reference', async () => {
    await rule({ name: 'Banned buyer', flows: ['payin'], condition: { kind: 'blocklist', list: 'buyer_reference', values: ['cust-666'] }, action: 'block' });
    await expect(payin(merchantA, '725.00', { buyerId: 'cust-666' })).rejects.toMatchObject({ code: 'RISK_BLOCKED' });
    expect((await payin(merchantA, '725.00', { buyerId: 'cust-667' })).status).toBe('PENDING_PAYMENT');
  });
});

describe('amount outliers and allow', () => {
  it("blocks a pay-in above the merchant's 95th percentile, and a matching allow rule lets it through", async () => {
    const merchant = await merchantRow('0');
    // Under 20 earlier orders say nothing: no outlier yet.
    await rule({ name: 'Outlier', merchantId: merchant.id, flows: ['payin'], condition: { kind: 'amount_outlier', lastOrders: 50, percentile: 95 }, action: 'block' });
    expect((await payin(merchant, '7250.00')).status).toBe('PENDING_PAYMENT');
    for (let i = 0; i < 20; i += 1) await payin(merchant, '72.50');
    await expect(payin(merchant, '145.00')).rejects.toMatchObject({ code: 'RISK_BLOCKED' });
    expect((await payin(merchant, '72.50')).status).toBe('PENDING_PAYMENT');
    await rule({ name: 'Trusted buyer', merchantId: merchant.id, flows: ['payin'], condition: { kind: 'blocklist', list: 'buyer_reference', values: ['vip-1'] }, action: 'allow' });
    expect((await payin(merchant, '145.00', { buyerId: 'vip-1' })).status).toBe('PENDING_PAYMENT');
  });

  it('holds a payout above 3 x the median of the last orders', async () => {
    const merchant = await merchantRow('100000.00');
    for (let i = 0; i < 20; i += 1) await payout(merchant, { fiatAmount: '70.00' });
    await rule({ name: 'Three medians', merchantId: merchant.id, flows: ['payout'], condition: { kind: 'amount_outlier', lastOrders: 100, timesMedian: '3' }, action: 'review' });
    const inside = await payout(merchant, { fiatAmount: '210.00' });
    const outside = await payout(merchant, { fiatAmount: '210.07' });
    expect([await holdOf(inside.orderId), (await holdOf(outside.orderId))?.state]).toEqual([undefined, 'held']);
  });
});

describe('tenant isolation', () => {
  it("a merchant's rule never applies to another merchant's orders", async () => {
    await rule({ name: 'A blocks all addresses', merchantId: merchantA.id, flows: ['payout', 'payin'], condition: { kind: 'velocity', per: 'client_address', windowMinutes: 60, maxCount: 1 }, action: 'block' });
    const address = '192.0.2.200';
    await payout(merchantB, {}, address);
    await payout(merchantB, {}, address);
    // B's two payouts from the address do not count against A: A's first passes, its second is refused.
    expect((await payout(merchantA, {}, address)).status).toBe('PENDING_MATCH');
    await expect(payout(merchantA, {}, address)).rejects.toMatchObject({ code: 'RISK_BLOCKED' });
    expect((await payout(merchantB, {}, address)).status).toBe('PENDING_MATCH');
  });
});

describe('the review queue', () => {
  async function heldPayout(merchant: Merchant) {
    const name = `Held ${hex()}`;
    await rule({ name: 'Review names', merchantId: merchant.id, flows: ['payout'], condition: { kind: 'blocklist', list: 'name', values: [name] }, action: 'review' });
    return payout(merchant, { recipient: { holderName: name, bankAccount: account(), bankName: 'ICBC' } });
  }
  async function heldPayin(merchant: Merchant) {
    const buyerId = `held-${hex()}`;
    await rule({ name: 'Review buyer', merchantId: merchant.id, flows: ['payin'], condition: { kind: 'blocklist', list: 'buyer_reference', values: [buyerId] }, action: 'review' });
    return payin(merchant, '725.00', { buyerId });
  }
  const decide = async (orderId: string, decision: 'approve' | 'reject') => decideRiskHold(db(), { holdId: (await holdOf(orderId))!.id, decision, reason: `${decision} after a call`, operator: { id: operatorId } });

  it('rejecting a held payout cancels it and returns the frozen USDT exactly', async () => {
    const merchant = await merchantRow('1000.00');
    const order = await heldPayout(merchant);
    expect([await available(merchant), await frozen(merchant)]).toEqual(['900.000000', '100.000000']);
    expect((await listHeldOrders(db(), { pageSize: 100 })).items.find((item) => item.orderId === order.orderId)).toMatchObject({ flow: 'payout', fiatAmount: '700.00', ruleName: 'Review names' });
    expect(await decide(order.orderId, 'reject')).toMatchObject({ state: 'rejected', status: 'CANCELLED' });
    expect([await available(merchant), await frozen(merchant)]).toEqual(['1000.000000', '0.000000']);
    expect((await listHeldOrders(db(), { pageSize: 100 })).items.map((item) => item.orderId)).not.toContain(order.orderId);
    await expect(decide(order.orderId, 'approve')).rejects.toMatchObject({ code: 'RISK_HOLD_NOT_PENDING', meta: { state: 'rejected' } });
    expect((await checkLedgerInvariants(db())).ok).toBe(true);
  });

  it('approving a held payout puts it in the pool, where a trader takes it', async () => {
    const merchant = await merchantRow('1000.00');
    const order = await heldPayout(merchant);
    expect(await decide(order.orderId, 'approve')).toMatchObject({ state: 'approved', status: 'PENDING_MATCH' });
    expect((await listOpenTasks(db(), { traderId: payoutTraderId, page: { page: 1, pageSize: 100 } })).items.map((item) => item.orderId)).toContain(order.orderId);
    expect((await acceptPayout(db(), { traderId: payoutTraderId, orderId: order.orderId })).status).toBe('PENDING_PAYMENT');
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, 'risk_hold.approve'), eq(auditLog.targetId, order.orderId)));
    expect(audits).toHaveLength(1);
  });

  it('a held pay-in is not matched by the scheduler; approved it is matched, rejected it is cancelled with nothing escrowed', async () => {
    const merchant = await merchantRow('0');
    const escrow = () => balanceOf(db(), accountIds.traderEscrow(payinTraderId));
    const held = await heldPayin(merchant);
    expect([held.status, held.traderId]).toEqual(['PENDING_MATCH', null]);
    // A trader could serve it (it was never offered one): the scheduler's matcher still leaves it.
    await runDueTimers(db());
    const [waiting] = await db().select().from(payinOrders).where(eq(payinOrders.id, held.id));
    expect([waiting!.status, waiting!.traderId]).toEqual(['PENDING_MATCH', null]);
    const before = await escrow();
    const approved = await decide(held.id, 'approve');
    expect(approved).toMatchObject({ state: 'approved', status: 'PENDING_PAYMENT' });
    expect(await escrow()).toBe(new Decimal(before).plus('100').toFixed(6));

    const rejected = await heldPayin(merchant);
    const beforeReject = await escrow();
    expect(await decide(rejected.id, 'reject')).toMatchObject({ state: 'rejected', status: 'CANCELLED' });
    const [row] = await db().select().from(payinOrders).where(eq(payinOrders.id, rejected.id));
    expect([row!.status, await escrow()]).toEqual(['CANCELLED', beforeReject]);
    expect((await checkLedgerInvariants(db())).ok).toBe(true);
  });
});

describe('payer-name mismatch', () => {
  /** A trader with the best price for the buyer, whose account releases from notifications at score 50. */
  async function autoConfirmTrader() {
    const trader = await payinTrader(db(), '7.2400', '100000.00');
    const [account] = await db().select().from(traderBankAccounts).where(eq(traderBankAccounts.traderId, trader.traderId));
    await updateAutoConfirm(db(), { traderId: trader.traderId, input: { bankAccountId: account!.id, autoConfirm: true, threshold: 50, silenceSeconds: 900 }, actor: cliActor });
    // The forwarder has just checked in: routing offers only auto-confirm accounts that are listening.
    await recordHeartbeat(db(), { traderId: trader.traderId, input: { bankAccountId: account!.id } });
    return { traderId: trader.traderId, accountId: account!.id };
  }
  /** A pay-in on the bot's account, paid with the buyer's declared name, and the bank's SMS naming 张三. */
  async function paidAndNotified(api: Awaited<ReturnType<typeof apiMerchant>>, bot: { traderId: string; accountId: string }) {
    const created = await api.client.createPayin({ merchantOrderNo: `pn-${hex()}`, fiatAmount: '250.00' });
    const body = created.body as { orderId: string; payUrl: string };
    const [order] = await db().select().from(payinOrders).where(eq(payinOrders.id, body.orderId));
    expect(order!.traderBankAccountId).toBe(bot.accountId);
    await submitBuyerPayment(db(), { token: new URL(body.payUrl).pathname.split('/').pop() ?? '', now: new Date(), payerName: 'Li Si' });
    const local = new Date(Date.now() + 8 * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const clock = `${local.getUTCMonth() + 1}月${local.getUTCDate()}日${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
    const text = `您尾号0001卡${clock}网上银行转账收入(张三)${order!.paymentFiatAmount}元，余额9,000.00元，附言${order!.buyerReference}。【工商银行】`;
    const notified = await receiveNotification(db(), { traderId: bot.traderId, input: { bankAccountId: bot.accountId, sender: '95588', text, receivedAt: new Date().toISOString() } });
    // Offline again: the other tests' pay-ins go to the file's own trader.
    await setTraderOnline(db(), { traderId: bot.traderId, online: false });
    return { orderId: body.orderId, notified };
  }

  it('withholds the automatic release when the notification names another payer, and only then', async () => {
    const api = await apiMerchant(db(), '0');
    const [merchant] = await db().select().from(merchants).where(eq(merchants.id, api.merchantId));
    const withoutRule = await paidAndNotified(api, await autoConfirmTrader());
    expect(withoutRule.notified).toMatchObject({ matchStatus: 'released' });

    await rule({ name: 'Payer must match', merchantId: merchant!.id, flows: ['payin'], condition: { kind: 'payer_name_mismatch' }, action: 'review' });
    const withRule = await paidAndNotified(api, await autoConfirmTrader());
    expect(withRule.notified).toMatchObject({ matchStatus: 'suggested', orderId: withRule.orderId });
    const [order] = await db().select().from(payinOrders).where(eq(payinOrders.id, withRule.orderId));
    expect(order!.status).toBe('PAYMENT_SUBMITTED');
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'payin.auto_release_withheld'), eq(auditLog.targetId, withRule.orderId)));
    expect(JSON.stringify(audit!.details)).not.toMatch(/张三|Li Si/);
  });
});

describe('back-test', () => {
  it('counts what a rule would have matched over the last N orders, as each create would have been judged', async () => {
    const merchant = await merchantRow('100000.00');
    const blocked = account();
    const to = (bankAccount: string, holderName = 'Li Lei') => ({ recipient: { holderName, bankAccount, bankName: 'ICBC' } });
    // 12 payouts: 4 to the account about to be listed (3 of them to "Qian Qi"), 8 elsewhere; all from one address.
    for (let i = 0; i < 8; i += 1) await payout(merchant, to(account()), '192.0.2.9');
    for (let i = 0; i < 4; i += 1) await payout(merchant, to(blocked, i < 3 ? 'Qian Qi' : 'Li Lei'), '192.0.2.9');

    const accounts = await createRiskRule(db(), { name: 'List', merchantId: merchant.id, flows: ['payout'], condition: { kind: 'blocklist', list: 'recipient_account', values: [blocked] }, action: 'block' }, cliActor);
    expect(await backTestRiskRule(db(), { ruleId: accounts.id })).toMatchObject({ action: 'block', flows: [{ flow: 'payout', evaluated: 12, matched: 4 }] });
    // The last 10 only: the 4 to the listed account are the newest.
    expect((await backTestRiskRule(db(), { ruleId: accounts.id, lastOrders: 10 })).flows).toEqual([{ flow: 'payout', evaluated: 10, matched: 4 }]);

    const names = await createRiskRule(db(), { name: 'Names', merchantId: merchant.id, flows: ['payout'], condition: { kind: 'blocklist', list: 'name', values: ['qian qi'] }, action: 'review' }, cliActor);
    expect((await backTestRiskRule(db(), { ruleId: names.id })).flows).toEqual([{ flow: 'payout', evaluated: 12, matched: 3 }]);

    // "At most 5 an hour from one address": the 6th to the 12th would have been stopped.
    const velocity = await createRiskRule(db(), { name: 'Address', merchantId: merchant.id, flows: ['payout'], condition: { kind: 'velocity', per: 'client_address', windowMinutes: 60, maxCount: 5 }, action: 'block' }, cliActor);
    expect((await backTestRiskRule(db(), { ruleId: velocity.id })).flows).toEqual([{ flow: 'payout', evaluated: 12, matched: 7 }]);

    // Orders older than the window do not count: move the first 8 two hours back.
    await db().execute(sql`update payout_orders set created_at = created_at - interval '2 hours' where merchant_id = ${merchant.id} and recipient_account_fingerprint <> (select recipient_account_fingerprint from payout_orders where merchant_id = ${merchant.id} order by created_at desc limit 1)`);
    expect((await backTestRiskRule(db(), { ruleId: velocity.id })).flows).toEqual([{ flow: 'payout', evaluated: 12, matched: 3 }]);
    // A back-test changes nothing and the rules stay off.
    expect((await db().select().from(riskRules).where(eq(riskRules.merchantId, merchant.id))).every((row) => !row.enabled)).toBe(true);
  });

  it("a merchant's back-test reads only its own orders", async () => {
    const quiet = await merchantRow('0');
    const created = await createRiskRule(db(), { name: 'Quiet', merchantId: quiet.id, flows: ['payout', 'payin'], condition: { kind: 'velocity', per: 'client_address', windowMinutes: 60, maxCount: 1 }, action: 'block' }, cliActor);
    expect((await backTestRiskRule(db(), { ruleId: created.id })).flows).toEqual([
      { flow: 'payout', evaluated: 0, matched: 0 },
      { flow: 'payin', evaluated: 0, matched: 0 },
    ]);
  });
});
