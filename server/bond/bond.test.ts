import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, merchants, payoutOrders, traders } from '../../db/schema';
import { apiMerchant, payinTrader, payoutBody, payoutTrader } from '../../tests/api/api-harness';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { cliActor } from '../audit';
import { accountIds, balanceOf, checkLedgerInvariants } from '../ledger';
import { Dec } from '../money/decimal';
import { createPayin } from '../payins/create-payin';
import { acceptPayout } from '../payouts/accept-payout';
import { placePayout } from '../payouts/create-payout';
import { ownerStatementOf } from '../reports/owner-statement';
import { categoryByKind } from '../reports/reporting-category';
import { DEFAULT_ROUTING_SETTINGS, writeRoutingSettings } from '../routing/routing-settings';
import { moveBond } from './move-bond';
import { setBondMultiple } from './set-bond-multiple';
import { traderExposure } from './trader-exposure';

let database: TestDatabase;
let merchant: typeof merchants.$inferSelect;
let orderSeq = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const created = await apiMerchant(database.db, '100000.00');
  [merchant] = (await database.db.select().from(merchants).where(eq(merchants.id, created.merchantId))) as [typeof merchants.$inferSelect];
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.update(traders).set({ online: false });
  await capOn(false);
});

async function capOn(enabled: boolean, multiple = '5') {
  await database.db.transaction((tx) => writeRoutingSettings(tx, { ...DEFAULT_ROUTING_SETTINGS, bond: { capEnabled: enabled, multiple } }, new Date()));
}

const bondOf = (traderId: string) => balanceOf(database.db, accountIds.traderBond(traderId));
const availableOf = (traderId: string) => balanceOf(database.db, accountIds.traderAvailable(traderId));
const exposureOf = async (traderId: string) => traderExposure(database.db, traderId, { capEnabled: true, multiple: '5' });

/** A payout of 700.00 CNY: 100 USDT at the payout trader's 7.0000. */
async function pooledPayout() {
  const placed = await database.db.transaction((tx) => placePayout(tx, { merchant, input: payoutBody() as never, now: new Date() }));
  return placed.id;
}

async function payin(fiatAmount: string) {
  orderSeq += 1;
  const merchantOrderNo = `bond-${orderSeq}`;
  return database.db.transaction((tx) => createPayin(tx, { merchant, input: { merchantOrderNo, fiatAmount }, now: new Date() }));
}

describe('bond accounting', () => {
  it('moves USDT into and out of the bond as balanced transfers, audited, without changing the statement total', async () => {
    const { traderId } = await traderWithBalance(database.db, '1000.00');
    await moveBond(database.db, { traderId, direction: 'in', amount: '300', actor: { type: 'trader', id: traderId } });
    expect([await availableOf(traderId), await bondOf(traderId)]).toEqual(['700.000000', '300.000000']);

    // More than available: the ledger refuses and nothing moves.
    await expect(moveBond(database.db, { traderId, direction: 'in', amount: '700.000001', actor: { type: 'trader', id: traderId } })).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await expect(moveBond(database.db, { traderId, direction: 'out', amount: '300.5', actor: { type: 'trader', id: traderId } })).rejects.toMatchObject({ code: 'BOND_COVERS_EXPOSURE' });
    const out = await moveBond(database.db, { traderId, direction: 'out', amount: '120.5', actor: { type: 'trader', id: traderId } });
    expect(out.exposure).toMatchObject({ bond: '179.500000', exposure: '0.000000', free: '179.500000' });
    expect([await availableOf(traderId), await bondOf(traderId)]).toEqual(['820.500000', '179.500000']);

    const audits = await database.db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(and(eq(auditLog.targetType, 'trader'), eq(auditLog.targetId, traderId))).orderBy(desc(auditLog.id));
    expect(audits.filter((row) => row.action.startsWith('trader.bond_')).map((row) => [row.action, (row.details as { amount: string }).amount])).toEqual([
      ['trader.bond_out', '120.500000'],
      ['trader.bond_in', '300.000000'],
    ]);

    // The statement's total is the owner's accounts, bond included: moves in and out make no line.
    const statement = await ownerStatementOf(database.db, { owner: { type: 'trader', id: traderId }, period: {} });
    expect(statement.closingBalance).toBe('1000.000000');
    expect(statement.lines.map((line) => line.kind)).toEqual(['adjust.credit']);
    expect([categoryByKind['bond.in'], categoryByKind['bond.out'], categoryByKind['bond.penalty']]).toEqual(['bond', 'bond', 'bond']);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('keeps in the bond the part open exposure needs: exposure / multiple', async () => {
    await capOn(true, '5');
    const trader = await payinTrader(database.db, '7.0000', '1000.00');
    await moveBond(database.db, { traderId: trader.traderId, direction: 'in', amount: '40', actor: cliActor });
    const matched = await payin('700.00'); // 100 USDT escrowed: 20 of the bond is held
    expect(matched.order.traderId).toBe(trader.traderId);
    expect(await exposureOf(trader.traderId)).toMatchObject({ escrowed: '100.000000', exposure: '100.000000', cap: '200.000000', free: '20.000000' });
    await expect(moveBond(database.db, { traderId: trader.traderId, direction: 'out', amount: '20.000001', actor: cliActor })).rejects.toMatchObject({ code: 'BOND_COVERS_EXPOSURE', meta: { free: '20.000000' } });
    await moveBond(database.db, { traderId: trader.traderId, direction: 'out', amount: '20', actor: cliActor });
    expect(await bondOf(trader.traderId)).toBe('20.000000');
  });
});

describe('exposure cap', () => {
  it('while the cap is off (the default), a trader with no bond accepts as before', async () => {
    const trader = await payoutTrader(database.db);
    const accepted = await acceptPayout(database.db, { traderId: trader.traderId, orderId: await pooledPayout() });
    expect(accepted.status).toBe('PENDING_PAYMENT');
  });

  it('refuses an accept that would go above bond x multiple, and changes nothing', async () => {
    await capOn(true, '5');
    const trader = await payoutTrader(database.db, '7.0000', '20.00');
    await moveBond(database.db, { traderId: trader.traderId, direction: 'in', amount: '20', actor: cliActor }); // cap 100
    await acceptPayout(database.db, { traderId: trader.traderId, orderId: await pooledPayout() });
    const second = await pooledPayout();
    await expect(acceptPayout(database.db, { traderId: trader.traderId, orderId: second })).rejects.toMatchObject({
      code: 'EXPOSURE_CAP_EXCEEDED',
      meta: { exposure: '100.000000', cap: '100.000000', amount: '100.000000' },
    });
    const [order] = await database.db.select({ status: payoutOrders.status, traderId: payoutOrders.traderId }).from(payoutOrders).where(eq(payoutOrders.id, second));
    expect(order).toEqual({ status: 'PENDING_MATCH', traderId: null });

    // An operator's override of the multiple, audited with its reason, lifts the cap for this trader.
    await setBondMultiple(database.db, { traderId: trader.traderId, multiple: '10', reason: 'long record' }, cliActor);
    expect((await acceptPayout(database.db, { traderId: trader.traderId, orderId: second })).status).toBe('PENDING_PAYMENT');
    const [audit] = await database.db.select({ details: auditLog.details }).from(auditLog).where(and(eq(auditLog.action, 'trader.bond_multiple.set'), eq(auditLog.targetId, trader.traderId)));
    expect(audit?.details).toEqual({ from: null, to: '10.00', reason: 'long record' });
  });

  it('two accepts racing for the last of one cap: exactly one wins, exposure never above the cap', async () => {
    await capOn(true, '5');
    const trader = await payoutTrader(database.db, '7.0000', '30.00');
    await moveBond(database.db, { traderId: trader.traderId, direction: 'in', amount: '30', actor: cliActor }); // cap 150: room for one payout of 100
    for (let round = 0; round < 5; round += 1) {
      const orders = [await pooledPayout(), await pooledPayout()];
      const outcomes = await Promise.allSettled(orders.map((orderId) => acceptPayout(database.db, { traderId: trader.traderId, orderId })));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(refused?.status === 'rejected' && (refused.reason as { code?: string }).code).toBe('EXPOSURE_CAP_EXCEEDED');
      const exposure = await exposureOf(trader.traderId);
      expect(new Dec(exposure.exposure).lte(exposure.cap)).toBe(true);
      // The accepted one ends so the next round starts at zero exposure again.
      await database.db.update(payoutOrders).set({ status: 'COMPLETED' }).where(eq(payoutOrders.traderId, trader.traderId));
    }
  });

  it('a move out racing an accept against one bond: exactly one wins, exposure never above the cap', async () => {
    await capOn(true, '5');
    const trader = await payoutTrader(database.db, '7.0000', '20.00');
    await moveBond(database.db, { traderId: trader.traderId, direction: 'in', amount: '20', actor: cliActor }); // cap 100: the payout of 100 needs all of it
    const orderId = await pooledPayout();
    const [accept, out] = await Promise.allSettled([
      acceptPayout(database.db, { traderId: trader.traderId, orderId }),
      moveBond(database.db, { traderId: trader.traderId, direction: 'out', amount: '20', actor: cliActor }),
    ]);
    expect([accept.status, out.status].sort()).toEqual(['fulfilled', 'rejected']);
    const refused = accept.status === 'rejected' ? accept.reason : out.status === 'rejected' ? out.reason : null;
    expect((refused as { code?: string }).code).toBe(accept.status === 'rejected' ? 'EXPOSURE_CAP_EXCEEDED' : 'BOND_COVERS_EXPOSURE');
    const exposure = await exposureOf(trader.traderId);
    expect(new Dec(exposure.exposure).lte(exposure.cap)).toBe(true);
  });

  it('two pay-ins racing for the last of one cap: one goes to the capped trader, the other elsewhere', async () => {
    await capOn(true, '5');
    const cheap = await payinTrader(database.db, '7.0000', '1000.00');
    const dear = await payinTrader(database.db, '7.1000', '1000.00');
    await moveBond(database.db, { traderId: cheap.traderId, direction: 'in', amount: '20', actor: cliActor }); // cap 100: room for one pay-in of 100
    await moveBond(database.db, { traderId: dear.traderId, direction: 'in', amount: '100', actor: cliActor });
    const [first, second] = await Promise.all([payin('700.00'), payin('700.00')]);
    expect([first.order.traderId, second.order.traderId].filter((id) => id === cheap.traderId)).toHaveLength(1);
    const exposure = await exposureOf(cheap.traderId);
    expect(exposure).toMatchObject({ escrowed: '100.000000', cap: '100.000000' });
  });

  it('routes a pay-in past a trader whose cap it would exceed', async () => {
    await capOn(true, '5');
    const cheap = await payinTrader(database.db, '7.0000', '1000.00');
    const dear = await payinTrader(database.db, '7.1000', '1000.00');
    await moveBond(database.db, { traderId: cheap.traderId, direction: 'in', amount: '10', actor: cliActor }); // cap 50
    await moveBond(database.db, { traderId: dear.traderId, direction: 'in', amount: '100', actor: cliActor }); // cap 500
    expect((await payin('350.00')).order.traderId).toBe(cheap.traderId); // 50 USDT: exactly the cap
    expect((await payin('70.00')).order.traderId).toBe(dear.traderId);
    await capOn(false);
    expect((await payin('70.00')).order.traderId).toBe(cheap.traderId);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });
});

describe('penalties from the bond', () => {
  it('a payout refunded for an invalid proof pays the merchant 10% of the order from the bond, in the ruling; a reason not in the table takes nothing', async () => {
    const db = database.db;
    const owner = await merchantWithBalance(db, '1000.000000');
    const trader = await traderWithBalance(db, '500.000000');
    const operator = await signedInOperator(db);
    await moveBond(db, { traderId: trader.traderId, direction: 'in', amount: '100', actor: cliActor });

    // usdAmount 123.45: 10% is 12.345000.
    const cheated = await disputedPayout(db, owner.merchantId, trader.traderId, { amounts: { usdAmount: '123.45', usdFeeAmount: '0.62' } });
    const merchantBefore = await balanceOf(db, accountIds.merchantAvailable(owner.merchantId));
    await operator.caller.operator.disputes.claim({ flow: 'payout', orderId: cheated.id });
    await operator.caller.operator.disputes.rule({ flow: 'payout', orderId: cheated.id, ruling: 'refund', reasonCode: 'proof_invalid', note: 'The proof is edited.' });
    expect(await bondOf(trader.traderId)).toBe('87.655000');
    // The merchant gets its refund (124.07) and the penalty.
    expect(new Dec(await balanceOf(db, accountIds.merchantAvailable(owner.merchantId))).minus(merchantBefore).toFixed(6)).toBe('136.415000');
    const [audit] = await db.select({ details: auditLog.details }).from(auditLog).where(and(eq(auditLog.action, 'trader.bond_penalty'), eq(auditLog.targetId, trader.traderId)));
    expect(audit?.details).toMatchObject({ orderId: cheated.id, reasonCode: 'proof_invalid', amount: '12.345000', to: 'merchant' });
    const statement = await ownerStatementOf(db, { owner: { type: 'trader', id: trader.traderId }, period: {} });
    expect(statement.lines.filter((line) => line.category === 'bond').map((line) => [line.kind, line.amount])).toEqual([['bond.penalty', '-12.345000']]);

    const unlucky = await disputedPayout(db, owner.merchantId, trader.traderId);
    await operator.caller.operator.disputes.claim({ flow: 'payout', orderId: unlucky.id });
    await operator.caller.operator.disputes.rule({ flow: 'payout', orderId: unlucky.id, ruling: 'refund', reasonCode: 'payment_not_received', note: 'Bank delay.' });
    expect(await bondOf(trader.traderId)).toBe('87.655000');
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });

  it('a pay-in completed against the trader takes at most what the bond holds', async () => {
    const db = database.db;
    const owner = await merchantWithBalance(db, '0');
    const trader = await traderWithBalance(db, '500.000000');
    const operator = await signedInOperator(db);
    await moveBond(db, { traderId: trader.traderId, direction: 'in', amount: '0.2', actor: cliActor });
    const order = await disputedPayin(db, owner.merchantId, trader.traderId, '10.000000'); // 5% is 0.5, the bond holds 0.2
    await operator.caller.operator.disputes.claim({ flow: 'payin', orderId: order.id });
    await operator.caller.operator.disputes.rule({ flow: 'payin', orderId: order.id, ruling: 'complete', reasonCode: 'proof_valid', note: 'The buyer paid.' });
    expect(await bondOf(trader.traderId)).toBe('0.000000');
    // The pay-in settles 10 less the fixture's 0.05 fee, and the penalty adds what the bond held.
    expect(await balanceOf(db, accountIds.merchantAvailable(owner.merchantId))).toBe('10.150000');
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });
});
