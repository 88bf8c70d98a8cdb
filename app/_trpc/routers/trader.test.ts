import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutCreated } from '../../../clients/node/corridor-client';
import { auditLog, payoutOrders } from '../../../db/schema';
import { cliActor } from '../../../server/audit';
import { adjustBalance } from '../../../server/balances/adjust-balance';
import { submitPayoutProof } from '../../../server/payouts/submit-payout-proof';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader, type TestMerchant } from '../../../tests/api/api-harness';
import type { TestDatabase } from '../../../tests/db/test-database';
import { tinyPng } from '../../../tests/fixtures/images';
import { callerAs, signedInTrader, traderSession } from '../../../tests/trpc/trpc-harness';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

async function traderWithTask() {
  const trader = await payoutTrader(database.db, '7.0000');
  const caller = callerAs(database.db, traderSession(trader));
  const created = (await merchant.client.createPayout(payoutBody() as never, `dash-${randomUUID()}`)).body as PayoutCreated;
  await caller.trader.accept({ orderId: created.orderId });
  return { trader, caller, created };
}

async function codeOf(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return (error.cause as { code?: string } | undefined)?.code;
    throw error;
  }
  throw new Error('the call was not refused');
}

const cardViews = (orderId: string) =>
  database.db.select().from(auditLog).where(and(eq(auditLog.action, 'card.view'), eq(auditLog.targetId, orderId)));

describe('the account number of a payout', () => {
  it('is shown in full only through the reveal, which is audited each time without the number', async () => {
    const { trader, caller, created } = await traderWithTask();
    const list = await caller.trader.payouts({ group: 'open' });
    const item = list.items.find((p) => p.orderId === created.orderId);
    expect(item).toMatchObject({ holderName: 'Li Lei', bankName: 'Bank of China', accountLast4: '3445', transferDue: true, canRelease: true });
    expect(JSON.stringify(list)).not.toContain('6222020200112233445');

    const revealed = await caller.trader.revealAccount({ orderId: created.orderId });
    expect(revealed).toEqual({ orderId: created.orderId, holderName: 'Li Lei', bankName: 'Bank of China', accountNumber: '6222020200112233445', accountLast4: '3445' });
    await caller.trader.revealAccount({ orderId: created.orderId });

    const views = await cardViews(created.orderId);
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({ actorType: 'trader', actorId: trader.traderId, targetType: 'payout', ip: '203.0.113.7' });
    const [held] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, created.orderId));
    // The accept the view was made under: giving the task back afterwards counts against the trader.
    expect(views[0]?.details).toEqual({ orderNo: created.orderNo, accountLast4: '3445', userId: trader.userId, acceptedAt: held?.acceptedAt?.toISOString() });
    expect(JSON.stringify(views)).not.toContain('6222020200112233445');
  });

  it('is refused once the proof is submitted (INVALID_ORDER_STATE), and that refusal is not a view', async () => {
    const { trader, caller, created } = await traderWithTask();
    await submitPayoutProof(database.db, { traderId: trader.traderId, orderId: created.orderId, files: [await tinyPng()] });
    expect(await codeOf(caller.trader.revealAccount({ orderId: created.orderId }))).toBe('INVALID_ORDER_STATE');
    expect(await cardViews(created.orderId)).toHaveLength(0);

    const item = (await caller.trader.payouts({ group: 'open' })).items.find((p) => p.orderId === created.orderId);
    expect(item).toMatchObject({ status: 'PAYMENT_SUBMITTED', statusLabel: 'Proof Submitted', transferDue: false, proofCount: 1, canRelease: false });
  });

  it('of a payout still in the pool is NOT_FOUND even for a trader who could accept it', async () => {
    const trader = await payoutTrader(database.db, '7.0000');
    const created = (await merchant.client.createPayout(payoutBody() as never, `dash-${randomUUID()}`)).body as PayoutCreated;
    expect(await codeOf(callerAs(database.db, traderSession(trader)).trader.revealAccount({ orderId: created.orderId }))).toBe('ORDER_NOT_FOUND');
  });
});

describe('the task pool and giving a task back', () => {
  it('the pool lists the payout without its account; after an accept it leaves the pool; given back, it returns', async () => {
    const trader = await payoutTrader(database.db, '7.0000');
    const caller = callerAs(database.db, traderSession(trader));
    const created = (await merchant.client.createPayout(payoutBody() as never, `dash-${randomUUID()}`)).body as PayoutCreated;
    const pool = await caller.trader.pool({});
    expect(pool.items[0]?.orderId).toBe(created.orderId); // newest first
    expect(JSON.stringify(pool)).not.toContain('3445');

    await caller.trader.accept({ orderId: created.orderId });
    expect((await caller.trader.pool({})).items.map((t) => t.orderId)).not.toContain(created.orderId);

    const released = await caller.trader.releaseTask({ orderId: created.orderId });
    expect(released).toMatchObject({ status: 'PENDING_MATCH', traderId: null, paymentDueAt: null });
    expect((await caller.trader.pool({})).items.map((t) => t.orderId)).toContain(created.orderId);
    expect((await caller.trader.payouts({ group: 'open' })).items.map((p) => p.orderId)).not.toContain(created.orderId);
    const [row] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, created.orderId));
    expect(row?.matchDueAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('an offline trader cannot accept; a second accept loses with INVALID_ORDER_STATE', async () => {
    const first = await payoutTrader(database.db, '7.0000');
    const second = await payoutTrader(database.db, '7.0000');
    const created = (await merchant.client.createPayout(payoutBody() as never, `dash-${randomUUID()}`)).body as PayoutCreated;
    const secondCaller = callerAs(database.db, traderSession(second));
    await secondCaller.trader.setOnline({ online: false });
    expect(await codeOf(secondCaller.trader.accept({ orderId: created.orderId }))).toBe('ACTION_NOT_ALLOWED');
    await secondCaller.trader.setOnline({ online: true });
    const switches = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, second.traderId), inArray(auditLog.action, ['trader.online', 'trader.offline'])))
      .orderBy(asc(auditLog.id));
    expect(switches.map((row) => [row.action, row.actorId])).toEqual([
      ['trader.offline', second.traderId],
      ['trader.online', second.traderId],
    ]);

    await callerAs(database.db, traderSession(first)).trader.accept({ orderId: created.orderId });
    expect(await codeOf(secondCaller.trader.accept({ orderId: created.orderId }))).toBe('INVALID_ORDER_STATE');
  });

  it('a task cannot be given back after the proof', async () => {
    const { trader, caller, created } = await traderWithTask();
    await submitPayoutProof(database.db, { traderId: trader.traderId, orderId: created.orderId, files: [await tinyPng()] });
    expect(await codeOf(caller.trader.releaseTask({ orderId: created.orderId }))).toBe('INVALID_ORDER_STATE');
    const [row] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, created.orderId));
    expect([row?.status, row?.traderId]).toEqual(['PAYMENT_SUBMITTED', trader.traderId]);
  });
});

describe('overview and ledger', () => {
  it('shows balances as decimal strings and pages through the ledger newest first, with the total', async () => {
    const trader = await signedInTrader(database.db, '100.000000');
    for (const amount of ['1.000001', '2.000002', '3.000003']) {
      await adjustBalance(database.db, { owner: { type: 'trader', id: trader.traderId }, direction: 'credit', amount, memo: `top-up ${amount}` }, cliActor);
    }
    await adjustBalance(database.db, { owner: { type: 'trader', id: trader.traderId }, direction: 'debit', amount: '0.5', memo: 'withdrawal' }, cliActor);

    const overview = await trader.caller.trader.overview();
    expect(overview).toMatchObject({ online: false, balances: { available: '105.500006', frozen: '0.000000', escrow: '0.000000' } });

    const first = await trader.caller.trader.ledger({ page: 1, pageSize: 2 });
    const second = await trader.caller.trader.ledger({ page: 2, pageSize: 2 });
    const third = await trader.caller.trader.ledger({ page: 3, pageSize: 2 });
    expect([first.total, second.total]).toEqual([5, 5]);
    expect([...first.items, ...second.items, ...third.items].map((p) => [p.amount, p.memo, p.account])).toEqual([
      ['-0.500000', 'withdrawal', 'available'],
      ['3.000003', 'top-up 3.000003', 'available'],
      ['2.000002', 'top-up 2.000002', 'available'],
      ['1.000001', 'top-up 1.000001', 'available'],
      ['100.000000', 'test funding', 'available'],
    ]);
    expect(third.items).toHaveLength(1);
    expect((await trader.caller.trader.ledger({ page: 4, pageSize: 2 })).items).toEqual([]);
  });

  it('quotes and bank accounts: set, list, disable; the number only by its last 4', async () => {
    const trader = await signedInTrader(database.db);
    expect(await trader.caller.trader.quotes()).toEqual({ BUY: null, SELL: null });
    const quotes = await trader.caller.trader.setQuote({ side: 'SELL', price: '7.2500', minFiat: '100.00', maxFiat: '5000.00' });
    expect(quotes.SELL).toMatchObject({ side: 'SELL', price: '7.2500', minFiat: '100.00', maxFiat: '5000.00' });
    await trader.caller.trader.setQuote({ side: 'SELL', price: '7.3000', minFiat: '100.00', maxFiat: '5000.00' });
    expect((await trader.caller.trader.quotes()).SELL?.price).toBe('7.3000');

    const added = await trader.caller.trader.addBankAccount({ holderName: 'Zhang Wei', bankName: 'ICBC', accountNumber: '6212260000009876' });
    expect(added.accountLast4).toBe('9876');
    const listed = await trader.caller.trader.bankAccounts();
    expect(listed).toEqual([expect.objectContaining({ id: added.id, bankName: 'ICBC', accountLast4: '9876', active: true })]);
    expect(JSON.stringify(listed)).not.toContain('6212260000009876');
    await trader.caller.trader.disableBankAccount({ bankAccountId: added.id });
    await trader.caller.trader.disableBankAccount({ bankAccountId: added.id });
    expect((await trader.caller.trader.bankAccounts())[0]?.active).toBe(false);
  });
});
