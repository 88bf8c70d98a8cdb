import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxEvents, payinOrders, payoutOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { tinyPng } from '../../tests/fixtures/images';
import { insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { balancesOf } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger/check-invariants';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function parties() {
  const db = database.db;
  const merchant = await merchantWithBalance(db, '1000.000000');
  const trader = await traderWithBalance(db, '500.000000');
  const operator = await signedInOperator(db);
  return { db, merchant, trader, operator };
}

async function moneyOf(db: TestDatabase['db'], merchantId: string, traderId: string) {
  return { merchant: await balancesOf(db, 'merchant', merchantId), trader: await balancesOf(db, 'trader', traderId) };
}

async function eventsOf(orderId: string) {
  return (await database.db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.orderId, orderId))).map((row) => row.type);
}

/** Everything a refused ruling must leave alone. */
async function snapshotOf(orderId: string, merchantId: string, traderId: string) {
  const db = database.db;
  const [payout] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, orderId));
  const [payin] = await db.select().from(payinOrders).where(eq(payinOrders.id, orderId));
  return {
    order: payout ?? payin,
    money: await moneyOf(db, merchantId, traderId),
    events: await eventsOf(orderId),
    audit: (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, orderId))).length,
  };
}

describe('the disputes queue and case', () => {
  it('lists disputed payouts and pay-ins together, oldest first, with who holds the claim', async () => {
    const { db, merchant, trader, operator } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
    await operator.caller.operator.disputes.claim({ flow: 'payin', orderId: payin.id });

    const queue = await operator.caller.operator.disputes.list({ page: 1, pageSize: 100 });
    const mine = queue.items.filter((item) => item.orderId === payout.id || item.orderId === payin.id);
    expect(mine.map((item) => [item.flow, item.orderNo, item.claimedBy?.id ?? null])).toEqual([
      ['payout', payout.orderNo, null],
      ['payin', payin.orderNo, operator.userId],
    ]);
    expect(mine[0]).toMatchObject({ fiatAmount: '71.50', usdtAmount: '10.00', disputeReason: 'Recipient says nothing arrived' });
    expect(mine[1]).toMatchObject({ fiatAmount: '72.50', usdtAmount: '10.000000', disputeReason: 'No transfer arrived' });
    expect(mine[0]!.ageSeconds).toBeGreaterThanOrEqual(0);
  });

  it('shows the full timeline with actors, the parties with the last 4 digits only, and the proofs with their SHA-256', async () => {
    const { db, merchant, trader, operator } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const view = await operator.caller.operator.disputes.get({ flow: 'payout', orderId: payout.id });
    expect(view.timeline.map((entry) => [entry.action, entry.toStatus, entry.actorType])).toEqual([
      ['create', 'PENDING_MATCH', 'merchant'],
      ['accept', 'PENDING_PAYMENT', 'trader'],
      ['submit_proof', 'PAYMENT_SUBMITTED', 'trader'],
      ['dispute', 'DISPUTED', 'merchant'],
    ]);
    expect(view.timeline[1]!.actorName).toMatch(/^Trader /);
    expect(view.reasons.map((reason) => reason.text)).toEqual(['Recipient says nothing arrived']);
    expect(view.parties.bankAccount).toEqual({ holderName: 'Li Lei', bankName: 'Bank of China', last4: '1234' });
    expect(view.proofs).toHaveLength(1);
    expect(view.proofs[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(view.proofs[0]!.duplicates).toEqual([]);
  });

  it('flags a proof image used on another order, on both orders, with the other order number', async () => {
    const { db, merchant, trader, operator } = await parties();
    const slip = await tinyPng('#7a1f9c');
    const first = await disputedPayout(db, merchant.merchantId, trader.traderId, { files: [slip] });
    const second = await disputedPayout(db, merchant.merchantId, trader.traderId, { files: [await tinyPng('#e3a01b'), slip] });
    const one = await operator.caller.operator.disputes.get({ flow: 'payout', orderId: first.id });
    const two = await operator.caller.operator.disputes.get({ flow: 'payout', orderId: second.id });
    expect(one.proofs[0]!.duplicates).toEqual([{ flow: 'payout', orderId: second.id, orderNo: second.orderNo }]);
    expect(two.proofs.map((proof) => proof.duplicates.map((other) => other.orderNo))).toEqual([[], [first.orderNo]]);
  });
});

describe('rulings', () => {
  it('payout release: frozen USDT to the trader and the fee to the platform, COMPLETED, payout.dispute_resolved, audited', async () => {
    const { db, merchant, trader, operator } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const before = await moneyOf(db, merchant.merchantId, trader.traderId);
    expect(before).toMatchObject({ merchant: { available: '989.900000', frozen: '10.100000' }, trader: { available: '500.000000' } });

    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    const ruled = await operator.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'other', note: '  Statement shows the transfer.  ' });
    expect(ruled.status).toBe('COMPLETED');

    expect(await moneyOf(db, merchant.merchantId, trader.traderId)).toMatchObject({
      merchant: { available: '989.900000', frozen: '0.000000' },
      trader: { available: '510.000000' },
    });
    expect(await eventsOf(payout.id)).toContain('payout.dispute_resolved');
    const view = await operator.caller.operator.disputes.get(ref);
    expect(view).toMatchObject({ status: 'COMPLETED', resolutionNote: 'Statement shows the transfer.' });
    expect(view.timeline.at(-1)).toMatchObject({ action: 'resolve_release', actorType: 'operator', actorId: operator.userId, note: 'Statement shows the transfer.' });
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.targetId, payout.id), eq(auditLog.action, 'dispute.resolve_release')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'operator', actorId: operator.userId, ip: '203.0.113.7' });
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });

  it("payout refund: frozen USDT and fee back to the merchant's available balance, CANCELLED", async () => {
    const { db, merchant, trader, operator } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    expect((await operator.caller.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'other', note: 'No transfer on the statement.' })).status).toBe('CANCELLED');
    expect(await moneyOf(db, merchant.merchantId, trader.traderId)).toMatchObject({
      merchant: { available: '1000.000000', frozen: '0.000000' },
      trader: { available: '500.000000' },
    });
    expect(await eventsOf(payout.id)).toContain('payout.dispute_resolved');
  });

  it('pay-in complete settles the escrow to the merchant less the fee; pay-in fail returns it to the trader', async () => {
    const { db, merchant, trader, operator } = await parties();
    const complete = await disputedPayin(db, merchant.merchantId, trader.traderId);
    const fail = await disputedPayin(db, merchant.merchantId, trader.traderId);
    expect(await balancesOf(db, 'trader', trader.traderId)).toMatchObject({ available: '480.000000', escrow: '20.000000' });

    await operator.caller.operator.disputes.claim({ flow: 'payin', orderId: complete.id });
    await operator.caller.operator.disputes.claim({ flow: 'payin', orderId: fail.id });
    expect((await operator.caller.operator.disputes.rule({ flow: 'payin', orderId: complete.id, ruling: 'complete', reasonCode: 'other', note: 'Buyer paid.' })).status).toBe('COMPLETED');
    expect((await operator.caller.operator.disputes.rule({ flow: 'payin', orderId: fail.id, ruling: 'fail', reasonCode: 'other', note: 'Nothing arrived.' })).status).toBe('FAILED');

    expect(await moneyOf(db, merchant.merchantId, trader.traderId)).toMatchObject({
      merchant: { available: '1009.950000' },
      trader: { available: '490.000000', escrow: '0.000000' },
    });
    expect(await eventsOf(complete.id)).toContain('order.completed');
    expect(await eventsOf(fail.id)).toContain('order.failed');
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });

  it('refuses a ruling without a note, without the claim, by another holder, or on an order not disputed; nothing changes', async () => {
    const { db, merchant, trader, operator } = await parties();
    const other = await signedInOperator(db);
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: payout.id };
    const before = await snapshotOf(payout.id, merchant.merchantId, trader.traderId);

    expect(await refusalCode(operator.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'other', note: 'Looks paid.' }))).toBe('CLAIM_REQUIRED');
    await operator.caller.operator.disputes.claim(ref);
    const claimed = await snapshotOf(payout.id, merchant.merchantId, trader.traderId);

    expect(await refusalCode(operator.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'other', note: '   ' }))).toBe('VALIDATION_FAILED');
    expect(await refusalCode(operator.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'other', note: 'x'.repeat(1001) }))).toBe('VALIDATION_FAILED');
    expect(await refusalCode(other.caller.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'other', note: 'Mine now.' }))).toBe('CASE_CLAIMED');
    expect(await refusalCode(other.caller.operator.disputes.claim(ref))).toBe('CASE_CLAIMED');
    await expect(other.caller.operator.disputes.claim(ref)).rejects.toThrow(`Operator ${operator.email.slice(3, 11)} holds this case.`);
    expect(await refusalCode(other.caller.operator.disputes.releaseClaim(ref))).toBe('CASE_CLAIMED');
    // A ruling that does not fit the flow is refused at the door.
    expect(await refusalCode(operator.caller.operator.disputes.rule({ ...ref, ruling: 'complete', reasonCode: 'other', note: 'wrong flow' } as never))).toBe('BAD_REQUEST');
    expect(await snapshotOf(payout.id, merchant.merchantId, trader.traderId)).toEqual(claimed);
    expect(claimed.money).toEqual(before.money);
    expect(claimed.events).toEqual(before.events);

    const pending = await insertPayout(db, merchant.merchantId);
    const pendingBefore = await snapshotOf(pending.id, merchant.merchantId, trader.traderId);
    expect(await refusalCode(operator.caller.operator.disputes.claim({ flow: 'payout', orderId: pending.id }))).toBe('INVALID_ORDER_STATE');
    expect(await refusalCode(operator.caller.operator.disputes.rule({ flow: 'payout', orderId: pending.id, ruling: 'refund', reasonCode: 'other', note: 'Not disputed.' }))).toBe('INVALID_ORDER_STATE');
    expect(await snapshotOf(pending.id, merchant.merchantId, trader.traderId)).toEqual(pendingBefore);
  });

  it('two operators claiming at once: exactly one holds the case; two rulings at once: exactly one wins, the money moves once', async () => {
    const { db, merchant, trader, operator } = await parties();
    const other = await signedInOperator(db);
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: payout.id };

    const claims = await Promise.allSettled([operator.caller.operator.disputes.claim(ref), other.caller.operator.disputes.claim(ref)]);
    expect(claims.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const holder = claims[0]!.status === 'fulfilled' ? operator : other;
    const loser = holder === operator ? other : operator;

    const rulings = await Promise.allSettled([
      holder.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'other', note: 'Paid.' }),
      holder.caller.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'other', note: 'Not paid.' }),
      loser.caller.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'other', note: 'Not paid.' }),
    ]);
    expect(rulings.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const codes = rulings.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { cause?: { code?: string } }).cause?.code] : []));
    expect(codes.every((code) => code === 'INVALID_ORDER_STATE' || code === 'CASE_CLAIMED')).toBe(true);
    expect((await eventsOf(payout.id)).filter((type) => type === 'payout.dispute_resolved')).toHaveLength(1);
    const money = await moneyOf(db, merchant.merchantId, trader.traderId);
    expect(money.merchant.frozen).toBe('0.000000');
    expect([money.trader.available, money.merchant.available]).toSatisfy(
      ([traderAvailable, merchantAvailable]: string[]) =>
        (traderAvailable === '510.000000' && merchantAvailable === '989.900000') || (traderAvailable === '500.000000' && merchantAvailable === '1000.000000'),
    );
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });
});
