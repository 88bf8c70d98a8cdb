import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayinCreated, PayoutCreated } from '../../../clients/node/corridor-client';
import { auditLog, payinOrders, payoutOrders, traderBankAccounts, traderQuotes, traders } from '../../../db/schema';
import { balancesOf } from '../../../server/ledger/balances';
import { submitBuyerPayment } from '../../../server/checkout/checkout';
import { apiDatabase, apiMerchant, payinTrader, payoutBody, payoutTrader, type TestMerchant } from '../../../tests/api/api-harness';
import type { TestDatabase } from '../../../tests/db/test-database';
import { callerAs, signedInOperator, traderSession } from '../../../tests/trpc/trpc-harness';

let database: TestDatabase;
let merchant: TestMerchant;
/** Holds a payout (accepted) and a pay-in (the buyer has paid), and a bank account. */
let owner: Awaited<ReturnType<typeof payinTrader>>;
/** Another trader, signed in, who tries to touch the owner's orders. */
let intruder: Awaited<ReturnType<typeof payoutTrader>>;
let payout: PayoutCreated;
let payin: PayinCreated;
let bankAccountId: string;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  owner = await payinTrader(database.db);
  await callerAs(database.db, traderSession(owner)).trader.setQuote({ side: 'BUY', price: '7.0000', minFiat: '1.00', maxFiat: '1000000.00' });
  intruder = await payoutTrader(database.db, '7.0000');

  payout = (await merchant.client.createPayout(payoutBody() as never, `access-${randomUUID()}`)).body as PayoutCreated;
  await callerAs(database.db, traderSession(owner)).trader.accept({ orderId: payout.orderId });
  payin = (await merchant.client.createPayin({ merchantOrderNo: `access-${randomUUID()}`, fiatAmount: '100.00' })).body as PayinCreated;
  await submitBuyerPayment(database.db, { token: new URL(payin.payUrl).pathname.split('/').pop() ?? '' });
  const [account] = await database.db.select().from(traderBankAccounts).where(eq(traderBankAccounts.traderId, owner.traderId));
  bankAccountId = account?.id ?? '';
});
afterAll(async () => {
  await database.close();
});

/** One valid input per procedure, aimed at the owner's orders and account. */
function calls() {
  return {
    overview: (c: Caller) => c.trader.overview(),
    setOnline: (c: Caller) => c.trader.setOnline({ online: false }),
    pool: (c: Caller) => c.trader.pool({}),
    accept: (c: Caller) => c.trader.accept({ orderId: payout.orderId }),
    payouts: (c: Caller) => c.trader.payouts({ group: 'open' }),
    revealAccount: (c: Caller) => c.trader.revealAccount({ orderId: payout.orderId }),
    releaseTask: (c: Caller) => c.trader.releaseTask({ orderId: payout.orderId }),
    payins: (c: Caller) => c.trader.payins({ group: 'open' }),
    releasePayin: (c: Caller) => c.trader.releasePayin({ orderId: payin.orderId }),
    notReceived: (c: Caller) => c.trader.notReceived({ orderId: payin.orderId, reason: 'nothing arrived' }),
    quotes: (c: Caller) => c.trader.quotes(),
    setQuote: (c: Caller) => c.trader.setQuote({ side: 'SELL', price: '9.0000', minFiat: '1.00', maxFiat: '2.00' }),
    bankAccounts: (c: Caller) => c.trader.bankAccounts(),
    addBankAccount: (c: Caller) => c.trader.addBankAccount({ holderName: 'X', bankName: 'Y', accountNumber: '12345678' }),
    disableBankAccount: (c: Caller) => c.trader.disableBankAccount({ bankAccountId }),
    accountRouting: (c: Caller) => c.trader.accountRouting(),
    reputation: (c: Caller) => c.trader.reputation(),
    bond: (c: Caller) => c.trader.bond(),
    moveBond: (c: Caller) => c.trader.moveBond({ direction: 'in', amount: '1' }),
    setAccountLimits: (c: Caller) =>
      c.trader.setAccountLimits({ bankAccountId, dailyOrderLimit: 40, dailyFiatLimit: null, minOrderFiat: null, maxOrderFiat: null, cooldownSeconds: 120 }),
    ledger: (c: Caller) => c.trader.ledger({}),
    notifications: (c: Caller) => c.trader.notifications({}),
    confirmSuggestion: (c: Caller) => c.trader.confirmSuggestion({ notificationId: bankAccountId }),
    rejectSuggestion: (c: Caller) => c.trader.rejectSuggestion({ notificationId: bankAccountId }),
    setAutoConfirm: (c: Caller) => c.trader.setAutoConfirm({ bankAccountId, autoConfirm: true, threshold: 90, silenceSeconds: 900 }),
    evidenceGet: (c: Caller) => c.trader.evidence.get({ flow: 'payout', orderId: payout.orderId }),
    evidenceAdd: (c: Caller) => c.trader.evidence.add({ flow: 'payin', orderId: payin.orderId, statement: 'The money did not arrive.' }),
    conversationGet: (c: Caller) => c.trader.conversation.get({ flow: 'payin', orderId: payin.orderId }),
    conversationMarkRead: (c: Caller) => c.trader.conversation.markRead({ flow: 'payin', orderId: payin.orderId }),
    conversationPost: (c: Caller) => c.trader.conversation.post({ flow: 'payin', orderId: payin.orderId, body: 'hello' }),
    conversationPropose: (c: Caller) => c.trader.conversation.propose({ flow: 'payin', orderId: payin.orderId, outcome: 'cancel' }),
    conversationAnswer: (c: Caller) => c.trader.conversation.answer({ flow: 'payin', orderId: payin.orderId, agreementId: payin.orderId, answer: 'accept' }),
    conversationImage: (c: Caller) => c.trader.conversation.image({ flow: 'payin', orderId: payin.orderId, fileId: payin.orderId }),
  } satisfies Record<string, (c: Caller) => Promise<unknown>>;
}
type Caller = ReturnType<typeof callerAs>;
const aimedLimits = (c: Caller) => calls().setAccountLimits(c);

async function refusal(call: Promise<unknown>): Promise<{ code: string; domainCode: string | undefined }> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as { code?: string } | undefined;
    return { code: error.code, domainCode: cause?.code };
  }
  throw new Error('the call was not refused');
}

/** Everything the refused calls could have changed. */
async function snapshot() {
  const db = database.db;
  const [payoutRow] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, payout.orderId));
  const [payinRow] = await db.select().from(payinOrders).where(eq(payinOrders.id, payin.orderId));
  const [ownerRow] = await db.select().from(traders).where(eq(traders.id, owner.traderId));
  const accounts = await db.select().from(traderBankAccounts).where(eq(traderBankAccounts.traderId, owner.traderId));
  const quotes = await db.select().from(traderQuotes).where(and(eq(traderQuotes.traderId, owner.traderId), eq(traderQuotes.active, true)));
  const [views] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'card.view'));
  return {
    payout: { status: payoutRow?.status, traderId: payoutRow?.traderId, updatedAt: payoutRow?.updatedAt },
    payin: { status: payinRow?.status, updatedAt: payinRow?.updatedAt },
    online: ownerRow?.online,
    accounts: accounts.map((a) => [a.id, a.active]),
    quotes: quotes.map((q) => [q.side, q.price]),
    cardViews: views?.n,
    ownerBalances: await balancesOf(db, 'trader', owner.traderId),
    intruderBalances: await balancesOf(db, 'trader', intruder.traderId),
  };
}

describe('trader procedures: who may call them', () => {
  it('every procedure refuses a call without a session (UNAUTHORIZED, UNAUTHENTICATED), changing nothing', async () => {
    const before = await snapshot();
    for (const [name, call] of Object.entries(calls())) {
      expect([name, await refusal(call(callerAs(database.db, null)))]).toEqual([name, { code: 'UNAUTHORIZED', domainCode: 'UNAUTHENTICATED' }]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("every procedure refuses an operator's session (FORBIDDEN), changing nothing", async () => {
    const operator = await signedInOperator(database.db);
    const before = await snapshot();
    for (const [name, call] of Object.entries(calls())) {
      expect([name, await refusal(call(operator.caller))]).toEqual([name, { code: 'FORBIDDEN', domainCode: 'FORBIDDEN' }]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("another trader's payout, pay-in and bank account are NOT_FOUND, and nothing changes", async () => {
    const other = callerAs(database.db, traderSession(intruder));
    const before = await snapshot();
    const aimed = calls();
    expect(await refusal(aimed.revealAccount(other))).toEqual({ code: 'NOT_FOUND', domainCode: 'ORDER_NOT_FOUND' });
    expect(await refusal(aimed.releaseTask(other))).toEqual({ code: 'NOT_FOUND', domainCode: 'ORDER_NOT_FOUND' });
    expect(await refusal(aimed.releasePayin(other))).toEqual({ code: 'NOT_FOUND', domainCode: 'ORDER_NOT_FOUND' });
    expect(await refusal(aimed.notReceived(other))).toEqual({ code: 'NOT_FOUND', domainCode: 'ORDER_NOT_FOUND' });
    expect(await refusal(aimed.disableBankAccount(other))).toEqual({ code: 'NOT_FOUND', domainCode: 'NOT_FOUND' });
    expect(await refusal(aimed.setAccountLimits(other))).toEqual({ code: 'NOT_FOUND', domainCode: 'NOT_FOUND' });
    expect(await refusal(aimed.setAutoConfirm(other))).toEqual({ code: 'NOT_FOUND', domainCode: 'BANK_ACCOUNT_NOT_FOUND' });
    expect(await refusal(aimed.evidenceGet(other))).toEqual({ code: 'NOT_FOUND', domainCode: 'ORDER_NOT_FOUND' });
    expect(await refusal(aimed.evidenceAdd(other))).toEqual({ code: 'NOT_FOUND', domainCode: 'ORDER_NOT_FOUND' });
    // The accepted payout is not in the pool any more; accepting it again is refused by its state.
    expect(await refusal(aimed.accept(other))).toEqual({ code: 'CONFLICT', domainCode: 'INVALID_ORDER_STATE' });
    expect(await snapshot()).toEqual(before);

    // Their lists show none of the owner's orders, accounts or postings.
    const text = JSON.stringify([
      await other.trader.payouts({ group: 'open' }),
      await other.trader.payouts({ group: 'closed' }),
      await other.trader.payins({ group: 'open' }),
      await other.trader.bankAccounts(),
      await other.trader.accountRouting(),
      await other.trader.reputation(),
      await other.trader.ledger({}),
    ]);
    expect(text).not.toContain(payout.orderNo);
    expect(text).not.toContain(payin.orderNo);
    expect(text).not.toContain(bankAccountId);
    expect(text).not.toContain(owner.traderId);
  });

  it('the owner can do what the others could not (the inputs above are valid)', async () => {
    const own = callerAs(database.db, traderSession(owner));
    expect((await own.trader.payouts({ group: 'open' })).items.map((p) => p.orderNo)).toContain(payout.orderNo);
    expect((await own.trader.revealAccount({ orderId: payout.orderId })).accountNumber).toBe('6222020200112233445');
    expect((await own.trader.releasePayin({ orderId: payin.orderId })).status).toBe('COMPLETED');
    expect(await aimedLimits(own)).toMatchObject({ id: bankAccountId, dailyOrderLimit: 40, cooldownSeconds: 120 });
    expect((await own.trader.accountRouting())[0]).toMatchObject({ bankAccountId, dailyOrderLimit: 40, cooldownSeconds: 120, pause: null });
    expect((await own.trader.disableBankAccount({ bankAccountId })).active).toBe(false);
    expect(await calls().moveBond(own)).toMatchObject({ bond: '1.000000', capEnabled: false, penalties: [] });
  });

  it('bad input is a coded 400 (VALIDATION_FAILED), never a 500', async () => {
    const own = callerAs(database.db, traderSession(owner));
    for (const call of [
      own.trader.revealAccount({ orderId: 'not-a-uuid' }),
      own.trader.pool({ page: 0 }),
      own.trader.ledger({ pageSize: 101 }),
      own.trader.notReceived({ orderId: payin.orderId, reason: '   ' }),
      own.trader.setQuote({ side: 'BUY', price: '7', minFiat: '1.00', maxFiat: '2.00' }),
      own.trader.setQuote({ side: 'BUY', price: '7.0000', minFiat: '5.00', maxFiat: '2.00' }),
      own.trader.addBankAccount({ holderName: 'X', bankName: 'Y', accountNumber: '12ab' }),
      own.trader.setAccountLimits({ bankAccountId, dailyOrderLimit: 0, dailyFiatLimit: null, minOrderFiat: null, maxOrderFiat: null, cooldownSeconds: null }),
      own.trader.payouts({ group: 'open', extra: 1 } as never),
      own.trader.evidence.add({ flow: 'payout', orderId: payout.orderId, images: ['not base64!'] }),
      own.trader.evidence.get({ flow: 'refund' as never, orderId: payout.orderId }),
      own.trader.moveBond({ direction: 'in', amount: '-1' }),
      own.trader.moveBond({ direction: 'sideways' as never, amount: '1' }),
    ]) {
      expect((await refusal(call)).code).toBe('BAD_REQUEST');
    }
  });
});
