import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, disputeRulingProposals, payoutOrders } from '../../db/schema';
import { FOUR_EYES_THRESHOLD_KEY } from '../../server/disputes/four-eyes-threshold';
import { balancesOf } from '../../server/ledger/balances';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { disputedPayout } from '../fixtures/disputes';
import { merchantWithBalance, traderWithBalance } from '../fixtures/parties';
import { refusalCode } from '../trpc/refusal-code';
import { signedInOperator } from '../trpc/trpc-harness';

/**
 * A ruling on more than the four-eyes threshold (1000.00 USDT by default) needs a second operator.
 * One operator holding a 2020 USDT dispute tries to rule it alone by moving the threshold out of the
 * way: setting it directly through the console's procedures, or proposing a change and approving it
 * themselves, then ruling. The threshold is a control: it changes only when a different operator
 * approves the change (or from the command line with a recorded reason), every step audited, so the
 * ruling stays a proposal. And once a second operator does approve a raise, a ruling proposal already
 * pending keeps the threshold it was made under: it still needs its second operator.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Operator = Awaited<ReturnType<typeof signedInOperator>>;

/** The procedure that set the threshold in one step, reached by its path whether or not it still exists. */
function setThresholdDirectly(operator: Operator, amount: string): Promise<unknown> {
  const threshold = operator.caller.operator.disputes.fourEyesThreshold as unknown as Record<string, (input: unknown) => Promise<unknown>>;
  return Promise.resolve().then(() => threshold.set!({ amount }));
}

async function scene() {
  const db = database.db;
  const merchant = await merchantWithBalance(db, '5000.000000');
  const trader = await traderWithBalance(db, '500.000000');
  const payout = await disputedPayout(db, merchant.merchantId, trader.traderId, { amounts: { usdAmount: '2000.00', usdFeeAmount: '20.00' } });
  const ref = { flow: 'payout' as const, orderId: payout.id };
  const money = async () => ({ merchant: await balancesOf(db, 'merchant', merchant.merchantId), trader: await balancesOf(db, 'trader', trader.traderId) });
  const status = async () => (await db.select({ status: payoutOrders.status }).from(payoutOrders).where(eq(payoutOrders.id, payout.id)))[0]!.status;
  return { db, ref, money, status };
}

describe('one operator moves the four-eyes threshold to rule a large dispute alone', () => {
  it('setting it directly, or approving their own change, is refused; their ruling stays a proposal', async () => {
    const { db, ref, money, status } = await scene();
    const alone = await signedInOperator(db);
    await alone.caller.operator.disputes.claim(ref);
    const before = await money();

    expect(await refusalCode(setThresholdDirectly(alone, '1000000.00'))).not.toBe('RESOLVED');
    expect((await alone.caller.operator.disputes.fourEyesThreshold.get({})).amount).toBe('1000.00');

    const { changeId } = await alone.caller.operator.controls.propose({ control: FOUR_EYES_THRESHOLD_KEY, value: { amount: '1000000.00' }, reason: 'Too many approvals.' });
    expect(await refusalCode(alone.caller.operator.controls.decide({ changeId, decision: 'approve' }))).toBe('SELF_APPROVAL_FORBIDDEN');
    expect((await alone.caller.operator.disputes.fourEyesThreshold.get({})).amount).toBe('1000.00');

    const ruled = await alone.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'proof_valid', note: 'Paid, trust me.' });
    expect(ruled).toMatchObject({ outcome: 'proposed', status: 'DISPUTED' });
    expect(await status()).toBe('DISPUTED');
    expect(await money()).toEqual(before);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'four_eyes_threshold.set'), eq(auditLog.actorId, alone.userId)))).toEqual([]);

    // All they can do with their change is withdraw it.
    expect(await alone.caller.operator.controls.decide({ changeId, decision: 'withdraw' })).toMatchObject({ status: 'withdrawn', value: '1000.00' });
  });

  it('the change needs a second operator, audited with both; a ruling proposal already pending keeps its threshold', async () => {
    const { db, ref, money, status } = await scene();
    const holder = await signedInOperator(db);
    const second = await signedInOperator(db);
    await holder.caller.operator.disputes.claim(ref);
    const before = await money();
    const { proposalId } = await holder.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'proof_valid', note: 'The slip matches.' });
    const [stored] = await db.select().from(disputeRulingProposals).where(eq(disputeRulingProposals.id, proposalId!));
    expect(stored?.fourEyesThreshold).toBe('1000.00');

    // The holder proposes a raise; the second operator approves it: now it applies, audited with both.
    const { changeId } = await holder.caller.operator.controls.propose({ control: FOUR_EYES_THRESHOLD_KEY, value: { amount: '1000000.00' }, reason: 'Volume grew tenfold.' });
    await second.caller.operator.controls.decide({ changeId, decision: 'approve' });
    expect((await holder.caller.operator.disputes.fourEyesThreshold.get({})).amount).toBe('1000000.00');
    const trail = await db.select().from(auditLog).where(eq(auditLog.targetId, FOUR_EYES_THRESHOLD_KEY));
    expect(trail.filter((row) => row.details?.changeId === changeId).map((row) => [row.action, row.actorId])).toEqual([
      ['control_change.propose', holder.userId],
      ['control_change.approve', second.userId],
      ['four_eyes_threshold.set', second.userId],
    ]);

    // The ruling proposed under 1000.00 still needs its second operator: the holder cannot approve
    // it, nor rule around it, and the case still shows the threshold it was proposed under.
    expect(await refusalCode(holder.caller.operator.disputes.decideProposal({ proposalId: proposalId!, decision: 'approve' }))).toBe('SELF_APPROVAL_FORBIDDEN');
    expect(await refusalCode(holder.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'proof_valid', note: 'Now alone.' }))).toBe('RULING_PROPOSAL_PENDING');
    expect(await holder.caller.operator.disputes.rulingContext(ref)).toMatchObject({ needsFourEyes: true, fourEyesThreshold: '1000.00', proposal: { id: proposalId, fourEyesThreshold: '1000.00' } });
    expect(await status()).toBe('DISPUTED');
    expect(await money()).toEqual(before);

    expect(await second.caller.operator.disputes.decideProposal({ proposalId: proposalId!, decision: 'approve' })).toMatchObject({ status: 'approved', orderStatus: 'COMPLETED' });
  });
});
