import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payoutOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { dueByOf } from './dispute-sla';
import { listDisputes } from './list-disputes';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A merchant and trader of their own, so each test's queue filtered by merchant is only its cases. */
async function parties() {
  const db = database.db;
  const merchant = await merchantWithBalance(db, '10000.000000');
  const trader = await traderWithBalance(db, '5000.000000');
  return { db, merchant, trader, operator: await signedInOperator(db), other: await signedInOperator(db) };
}

async function disputedHoursAgo(orderId: string, table: 'payout_orders' | 'payin_orders', hours: number) {
  await database.db.execute(sql`update ${sql.raw(table)} set disputed_at = now() - make_interval(hours => ${hours}::int) where id = ${orderId}`);
}

describe('SLA due-by times', () => {
  it('gives the first response before a claim and the ruling after it, per kind, overdue past it', () => {
    const disputedAt = new Date('2026-01-01T00:00:00.000Z');
    const at = (iso: string) => new Date(iso);
    expect(dueByOf({ flow: 'payout', openedBy: 'merchant', disputedAt, claimed: false, now: at('2026-01-01T03:59:00Z') })).toEqual({
      kind: 'merchant_disputes_payout', stage: 'first_response', dueAt: '2026-01-01T04:00:00.000Z', overdue: false,
    });
    expect(dueByOf({ flow: 'payout', openedBy: 'merchant', disputedAt, claimed: true, now: at('2026-01-02T00:00:01Z') })).toMatchObject({
      stage: 'ruling', dueAt: '2026-01-02T00:00:00.000Z', overdue: true,
    });
    expect(dueByOf({ flow: 'payout', openedBy: 'system', disputedAt, claimed: false, now: disputedAt })).toMatchObject({ kind: 'merchant_silent', dueAt: '2026-01-01T08:00:00.000Z' });
    expect(dueByOf({ flow: 'payin', openedBy: 'buyer', disputedAt, claimed: false, now: disputedAt })).toMatchObject({ kind: 'buyer_reports_problem', dueAt: '2026-01-01T01:00:00.000Z' });
    expect(dueByOf({ flow: 'payin', openedBy: 'trader', disputedAt, claimed: true, now: disputedAt })).toMatchObject({ kind: 'trader_not_received', dueAt: '2026-01-01T12:00:00.000Z' });
  });
});

describe('the disputes queue', () => {
  it('shows each case due-by time, sorts by it and highlights overdue ones', async () => {
    const { db, merchant, trader, operator } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
    await disputedHoursAgo(payout.id, 'payout_orders', 5); // first response 4 h: overdue by 1 h
    await disputedHoursAgo(payin.id, 'payin_orders', 1); // trader's report: first response 2 h, due in 1 h

    const queue = await operator.caller.operator.disputes.list({ merchantId: merchant.merchantId });
    expect(queue.items.map((item) => [item.orderId, item.dueBy?.kind, item.dueBy?.stage, item.dueBy?.overdue])).toEqual([
      [payout.id, 'merchant_disputes_payout', 'first_response', true],
      [payin.id, 'trader_not_received', 'first_response', false],
    ]);
    const overdue = await operator.caller.operator.disputes.list({ merchantId: merchant.merchantId, overdueOnly: true });
    expect(overdue.items.map((item) => item.orderId)).toEqual([payout.id]);

    // Claimed, the payout's next deadline is the ruling (24 h): no longer overdue, now due after the pay-in.
    await operator.caller.operator.disputes.claim({ flow: 'payout', orderId: payout.id });
    const after = await operator.caller.operator.disputes.list({ merchantId: merchant.merchantId });
    expect(after.items.map((item) => [item.orderId, item.dueBy?.stage, item.dueBy?.overdue])).toEqual([
      [payin.id, 'first_response', false],
      [payout.id, 'ruling', false],
    ]);
  });

  it('filters by flow, kind, reason, age, amount, merchant, trader and claim', async () => {
    const { db, merchant, trader, operator, other } = await parties();
    const small = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const large = await disputedPayout(db, merchant.merchantId, trader.traderId);
    await db.update(payoutOrders).set({ lockedFiatAmount: '5000.00' }).where(eq(payoutOrders.id, large.id));
    const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
    await disputedHoursAgo(small.id, 'payout_orders', 30);
    await operator.caller.operator.disputes.claim({ flow: 'payout', orderId: large.id });
    await other.caller.operator.disputes.claim({ flow: 'payin', orderId: payin.id });

    const ids = async (filters: Parameters<typeof operator.caller.operator.disputes.list>[0]) =>
      (await operator.caller.operator.disputes.list({ merchantId: merchant.merchantId, sort: 'amount', ...filters })).items.map((item) => item.orderId);
    expect(await ids({ flow: 'payin' })).toEqual([payin.id]);
    expect(await ids({ kind: 'merchant_disputes_payout' })).toEqual([small.id, large.id]);
    expect(await ids({ reason: 'NOTHING ARRIVED' })).toEqual([small.id, large.id]);
    expect(await ids({ reason: '%' })).toEqual([]);
    expect(await ids({ minAgeHours: 24 })).toEqual([small.id]);
    expect(await ids({ maxAgeHours: 24 })).toEqual([payin.id, large.id]);
    expect(await ids({ minAmount: '1000' })).toEqual([large.id]);
    expect(await ids({ maxAmount: '71.50' })).toEqual([small.id]);
    expect(await ids({ traderId: trader.traderId, sort: 'amount', direction: 'desc' })).toEqual([large.id, payin.id, small.id]);
    expect(await ids({ claim: 'mine' })).toEqual([large.id]);
    expect(await ids({ claim: 'unclaimed' })).toEqual([small.id]);
    expect(await ids({ sort: 'age', direction: 'desc' })).toEqual([small.id, large.id, payin.id]);
    expect(await ids({ sort: 'age' })).toEqual([payin.id, large.id, small.id]);
    expect(await refusalCode(operator.caller.operator.disputes.list({ minAmount: '1e5' }))).toBe('BAD_REQUEST');
  });

  it('bulk claims: of two operators claiming overlapping cases at once, each case goes to exactly one', async () => {
    const { db, merchant, trader, operator, other } = await parties();
    const cases = [];
    for (let i = 0; i < 6; i += 1) cases.push({ flow: 'payout' as const, orderId: (await disputedPayout(db, merchant.merchantId, trader.traderId)).id });
    cases.push({ flow: 'payin' as const, orderId: (await disputedPayin(db, merchant.merchantId, trader.traderId)).id });

    for (let round = 0; round < 3; round += 1) {
      const [first, second] = await Promise.all([
        operator.caller.operator.disputes.bulkClaim({ cases }),
        other.caller.operator.disputes.bulkClaim({ cases: [...cases].reverse() }),
      ]);
      const firstIds = first.done.map((ref) => ref.orderId);
      const secondIds = second.done.map((ref) => ref.orderId);
      expect(firstIds.filter((id) => secondIds.includes(id))).toEqual([]);
      expect([...firstIds, ...secondIds].sort()).toEqual(cases.map((ref) => ref.orderId).sort());
      expect(first.skipped.length + second.skipped.length).toBe(cases.length);
      const queue = await operator.caller.operator.disputes.list({ merchantId: merchant.merchantId, pageSize: 100 });
      for (const item of queue.items) expect(item.claimedBy?.id).toBe(firstIds.includes(item.orderId) ? operator.userId : other.userId);

      // Each gives back what they hold; a release of the other's cases leaves them alone.
      const released = await operator.caller.operator.disputes.bulkRelease({ cases });
      expect(released.done.map((ref) => ref.orderId).sort()).toEqual([...firstIds].sort());
      await other.caller.operator.disputes.bulkRelease({ cases });
    }
    const claims = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'dispute.claim'));
    expect(claims.length).toBeGreaterThanOrEqual(cases.length * 3);
  });

  it('claim next takes the unclaimed case due soonest; racing operators never get the same case', async () => {
    const { db, merchant, trader, operator, other } = await parties();
    const later = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const sooner = await disputedPayout(db, merchant.merchantId, trader.traderId);
    await disputedHoursAgo(sooner.id, 'payout_orders', 3);
    const filters = { merchantId: merchant.merchantId };

    const [a, b] = await Promise.all([
      operator.caller.operator.disputes.claimNext({ filters }),
      other.caller.operator.disputes.claimNext({ filters }),
    ]);
    expect([a?.orderId, b?.orderId].sort()).toEqual([later.id, sooner.id].sort());
    expect(await operator.caller.operator.disputes.claimNext({ filters })).toBeNull();
    const queue = await listDisputes(db, filters);
    expect(new Set(queue.items.map((item) => item.claimedBy?.id))).toEqual(new Set([operator.userId, other.userId]));
  });

  it('refuses an empty or oversized bulk claim and changes nothing', async () => {
    const { operator } = await parties();
    expect(await refusalCode(operator.caller.operator.disputes.bulkClaim({ cases: [] }))).toBe('BAD_REQUEST');
    const many = Array.from({ length: 101 }, () => ({ flow: 'payout' as const, orderId: crypto.randomUUID() }));
    expect(await refusalCode(operator.caller.operator.disputes.bulkClaim({ cases: many }))).toBe('BAD_REQUEST');
  });
});
