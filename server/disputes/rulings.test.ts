import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, disputeRulingProposals, ledgerPostings, outboxEvents, payinOrders, payoutOrders, platformSettings } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { isDomainError } from '../errors';
import { balancesOf } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { accountIds } from '../ledger/account-ids';
import { Dec } from '../money/decimal';
import { merchantEventResponse } from '../outbox/merchant-event.schema';
import { payinDisputeResolvedData, payoutDisputeResolvedData } from './dispute-resolution.schema';
import { setControlFromCli } from '../controls/set-control-from-cli';
import { FOUR_EYES_THRESHOLD_KEY } from './four-eyes-threshold';
import { withdrawPayoutDispute } from '../payouts/withdraw-payout-dispute';
import { ruleDispute } from './rule-dispute';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
// Each test states the threshold it runs under; the default (1000.00) is far above these orders.
beforeEach(async () => {
  await database.db.delete(platformSettings).where(eq(platformSettings.key, FOUR_EYES_THRESHOLD_KEY));
});

async function parties() {
  const db = database.db;
  const merchant = await merchantWithBalance(db, '1000.000000');
  const trader = await traderWithBalance(db, '500.000000');
  const operator = await signedInOperator(db);
  return { db, merchant, trader, operator };
}

async function moneyOf(merchantId: string, traderId: string) {
  return { merchant: await balancesOf(database.db, 'merchant', merchantId), trader: await balancesOf(database.db, 'trader', traderId) };
}

async function eventOf(orderId: string, type: string) {
  const [row] = await database.db
    .select({ payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orderId, orderId), eq(outboxEvents.type, type)));
  return row?.payload as { id: string; type: string; createdAt: string; data: Record<string, unknown> & { resolution: Record<string, string> } } | undefined;
}

/** Everything a refused ruling must leave alone. */
async function snapshotOf(flow: 'payout' | 'payin', orderId: string, merchantId: string, traderId: string) {
  const db = database.db;
  const table = flow === 'payout' ? payoutOrders : payinOrders;
  const [order] = await db.select().from(table).where(eq(table.id, orderId));
  return {
    order,
    money: await moneyOf(merchantId, traderId),
    events: (await db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.orderId, orderId))).map((row) => row.type),
    audit: (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, orderId))).map((row) => row.action),
    proposals: await db.select().from(disputeRulingProposals).where(eq(disputeRulingProposals.orderId, orderId)),
  };
}

/** Each test sets its threshold as the command line does (an operator alone cannot: server/controls). */
async function setThreshold(_operator: Awaited<ReturnType<typeof signedInOperator>>, amount: string) {
  await setControlFromCli(database.db, { change: { control: FOUR_EYES_THRESHOLD_KEY, value: { amount }, reason: 'Test set-up.' } });
}

describe('reason codes', () => {
  it('every ruling needs one of the documented codes; it is stored on the order and sent in the resolution', async () => {
    const { db, merchant, trader, operator } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    const before = await snapshotOf('payout', payout.id, merchant.merchantId, trader.traderId);

    // Missing or unknown: refused at the door by tRPC's schema (the page reads VALIDATION_FAILED with
    // the field), and by the domain function with the field named.
    expect(await refusalCode(operator.caller.operator.disputes.rule({ ...ref, ruling: 'refund', note: 'No transfer.' } as never))).toBe('BAD_REQUEST');
    expect(await refusalCode(operator.caller.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'because' as never, note: 'No transfer.' }))).toBe('BAD_REQUEST');
    const refused = await ruleDispute(db, { input: { ...ref, ruling: 'refund', note: 'No transfer.' } as never, operator: { id: operator.userId } }).catch((error: unknown) => error);
    expect(isDomainError(refused, 'VALIDATION_FAILED') && refused.details?.map((detail) => detail.path)).toEqual(['reasonCode']);
    expect(await snapshotOf('payout', payout.id, merchant.merchantId, trader.traderId)).toEqual(before);

    await operator.caller.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'payment_not_received', note: 'No transfer on the statement.' });
    const [order] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, payout.id));
    expect(order).toMatchObject({ status: 'CANCELLED', resolutionCode: 'payment_not_received', resolutionTraderAmount: null });
    expect((await eventOf(payout.id, 'payout.dispute_resolved'))!.data.resolution).toEqual({
      outcome: 'refunded',
      traderAmount: '0.00',
      merchantAmount: '10.10',
      feeAmount: '0.00',
      reasonCode: 'payment_not_received',
      note: 'No transfer on the statement.',
    });
  });
});

describe('split rulings', () => {
  it('payout: the trader gets the amount, the fee pro rata (half up to the cent), the merchant exactly the rest, in one balanced transfer', async () => {
    const { db, merchant, trader, operator } = await parties();
    // usdAmount 123.45, fee 0.62: trader 40.00 -> fee 0.62 x 40 / 123.45 = 0.2008... -> 0.20; merchant 124.07 - 40.00 - 0.20 = 83.87.
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId, { amounts: { usdAmount: '123.45', usdFeeAmount: '0.62' } });
    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    const before = await moneyOf(merchant.merchantId, trader.traderId);

    expect(await operator.caller.operator.disputes.previewSplit({ ...ref, amount: '40.00' })).toEqual({ traderAmount: '40.000000', merchantAmount: '83.870000', feeAmount: '0.200000' });
    const ruled = await operator.caller.operator.disputes.rule({ ...ref, ruling: 'split', reasonCode: 'wrong_amount_paid', splitAmount: '40.00', note: 'The recipient got 40.00 worth; the rest goes back.' });
    expect(ruled).toMatchObject({ outcome: 'ruled', status: 'COMPLETED' });

    const after = await moneyOf(merchant.merchantId, trader.traderId);
    expect(after.merchant.frozen).toBe('0.000000');
    expect(after.merchant.available).toBe('959.800000'); // 1000 - 124.07 + 83.87
    expect(after.trader.available).toBe('540.000000');
    expect(before.merchant.available).toBe('875.930000');

    const postings = await db.select().from(ledgerPostings).where(eq(ledgerPostings.transferId, `payout:${payout.id}:split`));
    expect(Object.fromEntries(postings.map((posting) => [posting.accountId, posting.amount]))).toEqual({
      [accountIds.merchantFrozen(merchant.merchantId)]: '-124.070000',
      [accountIds.traderAvailable(trader.traderId)]: '40.000000',
      [accountIds.platformFeesFor(payout.id)]: '0.200000',
      [accountIds.merchantAvailable(merchant.merchantId)]: '83.870000',
    });

    const [order] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, payout.id));
    expect(order).toMatchObject({ status: 'COMPLETED', resolutionCode: 'wrong_amount_paid', resolutionTraderAmount: '40.000000' });
    const event = (await eventOf(payout.id, 'payout.dispute_resolved'))!;
    expect(event.data.resolution).toEqual({
      outcome: 'split',
      traderAmount: '40.00',
      merchantAmount: '83.87',
      feeAmount: '0.20',
      reasonCode: 'wrong_amount_paid',
      note: 'The recipient got 40.00 worth; the rest goes back.',
    });
    expect(payoutDisputeResolvedData.strict().safeParse(event.data).success).toBe(true);
    expect(merchantEventResponse.safeParse(event).success).toBe(true);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.targetId, payout.id), eq(auditLog.action, 'dispute.resolve_split')));
    expect(audit).toHaveLength(1);
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });

  it('pay-in: the merchant gets the share less the fee pro rata, the trader exactly the rest of the escrow, order.dispute_resolved', async () => {
    const { db, merchant, trader, operator } = await parties();
    // assetAmount 10, fee 0.05: share 3.333333 -> fee 0.05 x 0.3333333 = 0.01666666... -> 0.016667; merchant 3.316666; trader 6.666667.
    const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payin' as const, orderId: payin.id };
    await operator.caller.operator.disputes.claim(ref);
    const ruled = await operator.caller.operator.disputes.rule({ ...ref, ruling: 'split', reasonCode: 'wrong_amount_paid', splitAmount: '3.333333', note: 'The buyer paid a third.' });
    expect(ruled).toMatchObject({ outcome: 'ruled', status: 'COMPLETED' });

    expect(await moneyOf(merchant.merchantId, trader.traderId)).toMatchObject({
      merchant: { available: '1003.316666' },
      trader: { available: '496.666667', escrow: '0.000000' },
    });
    const postings = await db.select().from(ledgerPostings).where(eq(ledgerPostings.transferId, `payin:${payin.id}:split`));
    expect(Object.fromEntries(postings.map((posting) => [posting.accountId, posting.amount]))).toEqual({
      [accountIds.traderEscrow(trader.traderId)]: '-10.000000',
      [accountIds.merchantAvailable(merchant.merchantId)]: '3.316666',
      [accountIds.platformFeesFor(payin.id)]: '0.016667',
      [accountIds.traderAvailable(trader.traderId)]: '6.666667',
    });
    const [order] = await db.select().from(payinOrders).where(eq(payinOrders.id, payin.id));
    expect(order).toMatchObject({ status: 'COMPLETED', resolutionCode: 'wrong_amount_paid', resolutionMerchantAmount: '3.333333' });
    const event = (await eventOf(payin.id, 'order.dispute_resolved'))!;
    expect(event.data.resolution).toEqual({
      outcome: 'split',
      merchantAmount: '3.316666',
      traderAmount: '6.666667',
      feeAmount: '0.016667',
      reasonCode: 'wrong_amount_paid',
      note: 'The buyer paid a third.',
    });
    expect(payinDisputeResolvedData.strict().safeParse(event.data).success).toBe(true);
    expect(merchantEventResponse.safeParse(event).success).toBe(true);
    expect(await eventOf(payin.id, 'order.completed')).toBeUndefined();
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });

  it.each([
    ['payout', '0.00'],
    ['payout', '10.00'],
    ['payout', '10.01'],
    ['payout', '4'],
    ['payout', '4.5'],
    ['payout', '4.001'],
    ['payout', '-1.00'],
    ['payout', 'abc'],
    ['payout', ''],
    ['payin', '0'],
    ['payin', '10'],
    ['payin', '10.000001'],
    ['payin', '1.0000001'],
    ['payin', '1e1'],
  ] as const)('%s split of %j is refused with SPLIT_AMOUNT_INVALID and nothing changes', async (flow, amount) => {
    const { db, merchant, trader, operator } = await parties();
    const order = flow === 'payout' ? await disputedPayout(db, merchant.merchantId, trader.traderId) : await disputedPayin(db, merchant.merchantId, trader.traderId);
    const ref = { flow, orderId: order.id };
    await operator.caller.operator.disputes.claim(ref);
    const before = await snapshotOf(flow, order.id, merchant.merchantId, trader.traderId);
    const input = flow === 'payout' ? { ...ref, flow: 'payout' as const, ruling: 'split' as const } : { ...ref, flow: 'payin' as const, ruling: 'split' as const };
    expect(await refusalCode(operator.caller.operator.disputes.rule({ ...input, reasonCode: 'other', splitAmount: amount, note: 'Split.' }))).toBe('SPLIT_AMOUNT_INVALID');
    expect(await snapshotOf(flow, order.id, merchant.merchantId, trader.traderId)).toEqual(before);
  });

  it('a split needs an amount, and only a split takes one', async () => {
    const { db, merchant, trader, operator } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    expect(await refusalCode(operator.caller.operator.disputes.rule({ ...ref, ruling: 'split', reasonCode: 'other', note: 'Split.' }))).toBe('SPLIT_AMOUNT_INVALID');
    expect(await refusalCode(operator.caller.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'other', splitAmount: '5.00', note: 'Refund.' }))).toBe('SPLIT_AMOUNT_INVALID');
    expect((await db.select().from(payoutOrders).where(eq(payoutOrders.id, payout.id)))[0]!.status).toBe('DISPUTED');
  });
});

describe('four eyes', () => {
  it('below the threshold a ruling applies directly; above it the holder proposes and another operator approves, in one transaction', async () => {
    const { db, merchant, trader, operator } = await parties();
    const second = await signedInOperator(db);
    await setThreshold(operator, '10.10');
    const small = await disputedPayin(db, merchant.merchantId, trader.traderId); // 10.000000 held: not above 10.10
    const large = await disputedPayout(db, merchant.merchantId, trader.traderId, { amounts: { usdAmount: '20.00', usdFeeAmount: '0.20' } });

    await operator.caller.operator.disputes.claim({ flow: 'payin', orderId: small.id });
    expect(await operator.caller.operator.disputes.rule({ flow: 'payin', orderId: small.id, ruling: 'complete', reasonCode: 'proof_valid', note: 'Paid.' })).toMatchObject({ outcome: 'ruled', status: 'COMPLETED' });

    const ref = { flow: 'payout' as const, orderId: large.id };
    await operator.caller.operator.disputes.claim(ref);
    const moneyBefore = await moneyOf(merchant.merchantId, trader.traderId);
    const proposed = await operator.caller.operator.disputes.rule({ ...ref, ruling: 'split', reasonCode: 'wrong_amount_paid', splitAmount: '5.00', note: 'A quarter arrived.' });
    expect(proposed).toMatchObject({ outcome: 'proposed', status: 'DISPUTED', eventId: null });
    expect(await moneyOf(merchant.merchantId, trader.traderId)).toEqual(moneyBefore);
    expect(await eventOf(large.id, 'payout.dispute_resolved')).toBeUndefined();

    // Everyone sees it: the queue says "awaiting approval", the case shows the proposal with its legs.
    const queued = (await second.caller.operator.disputes.list({ pageSize: 100 })).items.find((item) => item.orderId === large.id);
    expect(queued?.awaitingApproval).toBe(true);
    const context = await second.caller.operator.disputes.rulingContext(ref);
    expect(context).toMatchObject({ needsFourEyes: true, fourEyesThreshold: '10.10', total: '20.20' });
    expect(context.proposal).toMatchObject({
      id: proposed.proposalId,
      ruling: 'split',
      reasonCode: 'wrong_amount_paid',
      splitAmount: '5.00',
      legs: { traderAmount: '5.000000', feeAmount: '0.050000', merchantAmount: '15.150000' },
      proposedBy: { id: operator.userId },
    });

    // Nobody rules around a pending proposal; the proposer cannot approve or reject their own.
    expect(await refusalCode(operator.caller.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'other', note: 'Changed my mind.' }))).toBe('RULING_PROPOSAL_PENDING');
    expect(await refusalCode(operator.caller.operator.disputes.decideProposal({ proposalId: proposed.proposalId!, decision: 'approve' }))).toBe('SELF_APPROVAL_FORBIDDEN');
    expect(await refusalCode(operator.caller.operator.disputes.decideProposal({ proposalId: proposed.proposalId!, decision: 'reject', reason: 'mine' }))).toBe('SELF_APPROVAL_FORBIDDEN');
    expect(await refusalCode(second.caller.operator.disputes.decideProposal({ proposalId: proposed.proposalId!, decision: 'withdraw' }))).toBe('ACTION_NOT_ALLOWED');
    expect(await moneyOf(merchant.merchantId, trader.traderId)).toEqual(moneyBefore);

    const approved = await second.caller.operator.disputes.decideProposal({ proposalId: proposed.proposalId!, decision: 'approve' });
    expect(approved).toMatchObject({ status: 'approved', orderStatus: 'COMPLETED' });
    expect(await moneyOf(merchant.merchantId, trader.traderId)).toMatchObject({
      merchant: { frozen: '0.000000', available: new Dec(moneyBefore.merchant.available!).plus('15.15').toFixed(6) },
      trader: { available: new Dec(moneyBefore.trader.available!).plus('5').toFixed(6) },
    });
    const [proposal] = await db.select().from(disputeRulingProposals).where(eq(disputeRulingProposals.id, proposed.proposalId!));
    expect(proposal).toMatchObject({ status: 'approved', proposedBy: operator.userId, decidedBy: second.userId });
    expect((await eventOf(large.id, 'payout.dispute_resolved'))!.data.resolution).toMatchObject({ outcome: 'split', traderAmount: '5.00', merchantAmount: '15.15', feeAmount: '0.05', reasonCode: 'wrong_amount_paid' });
    const actions = (await db.select({ action: auditLog.action, actorId: auditLog.actorId }).from(auditLog).where(eq(auditLog.targetId, large.id))).map((row) => [row.action, row.actorId]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['dispute.propose_ruling', operator.userId],
        ['dispute.approve_ruling', second.userId],
        ['dispute.resolve_split', second.userId],
      ]),
    );
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });

  it('a rejection needs a reason, leaves the money alone and frees the case for a new ruling; a withdrawal likewise', async () => {
    const { db, merchant, trader, operator } = await parties();
    const second = await signedInOperator(db);
    await setThreshold(operator, '1.00');
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    const before = await moneyOf(merchant.merchantId, trader.traderId);

    const first = await operator.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'proof_valid', note: 'Looks paid.' });
    expect(await refusalCode(second.caller.operator.disputes.decideProposal({ proposalId: first.proposalId!, decision: 'reject', reason: '  ' }))).toBe('BAD_REQUEST');
    expect(await second.caller.operator.disputes.decideProposal({ proposalId: first.proposalId!, decision: 'reject', reason: 'The slip is for another order.' })).toMatchObject({ status: 'rejected', orderStatus: 'DISPUTED' });
    expect(await refusalCode(second.caller.operator.disputes.decideProposal({ proposalId: first.proposalId!, decision: 'approve' }))).toBe('PROPOSAL_NOT_PENDING');
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.targetId, payout.id), eq(auditLog.action, 'dispute.reject_ruling')));
    expect(audit?.details).toMatchObject({ reason: 'The slip is for another order.', proposedBy: operator.userId });

    expect((await operator.caller.operator.disputes.rulingContext(ref)).lastDecision).toMatchObject({ status: 'rejected', reason: 'The slip is for another order.' });

    const again = await operator.caller.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'proof_invalid', note: 'Refunding.' });
    expect(await operator.caller.operator.disputes.decideProposal({ proposalId: again.proposalId!, decision: 'withdraw' })).toMatchObject({ status: 'withdrawn' });
    expect(await moneyOf(merchant.merchantId, trader.traderId)).toEqual(before);
    expect((await operator.caller.operator.disputes.rulingContext(ref)).proposal).toBeNull();
    expect((await db.select().from(payoutOrders).where(eq(payoutOrders.id, payout.id)))[0]!.status).toBe('DISPUTED');
  });

  it('the merchant withdrawing its dispute withdraws a pending proposal: nothing is left to approve', async () => {
    const { db, merchant, trader, operator } = await parties();
    const second = await signedInOperator(db);
    await setThreshold(operator, '1.00');
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    const before = await moneyOf(merchant.merchantId, trader.traderId);
    const proposed = await operator.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'proof_valid', note: 'Looks paid.' });

    expect((await withdrawPayoutDispute(db, { merchantId: merchant.merchantId, reference: payout.orderNo })).status).toBe('PAYMENT_SUBMITTED');
    const [proposal] = await db.select().from(disputeRulingProposals).where(eq(disputeRulingProposals.id, proposed.proposalId!));
    expect(proposal?.status).toBe('withdrawn');
    expect(await refusalCode(second.caller.operator.disputes.decideProposal({ proposalId: proposed.proposalId!, decision: 'approve' }))).toBe('PROPOSAL_NOT_PENDING');
    expect(await moneyOf(merchant.merchantId, trader.traderId)).toEqual(before);
  });

  it('two operators deciding at once: exactly one decision applies, the money moves at most once', async () => {
    const { db, merchant, trader, operator } = await parties();
    const second = await signedInOperator(db);
    const third = await signedInOperator(db);
    await setThreshold(operator, '1.00');
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const ref = { flow: 'payout' as const, orderId: payout.id };
    await operator.caller.operator.disputes.claim(ref);
    const { proposalId } = await operator.caller.operator.disputes.rule({ ...ref, ruling: 'release', reasonCode: 'proof_valid', note: 'Paid.' });

    const decisions = await Promise.allSettled([
      second.caller.operator.disputes.decideProposal({ proposalId: proposalId!, decision: 'approve' }),
      third.caller.operator.disputes.decideProposal({ proposalId: proposalId!, decision: 'approve' }),
      third.caller.operator.disputes.decideProposal({ proposalId: proposalId!, decision: 'reject', reason: 'Not convinced.' }),
    ]);
    expect(decisions.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const codes = decisions.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { cause?: { code?: string } }).cause?.code] : []));
    expect(codes).toEqual(['PROPOSAL_NOT_PENDING', 'PROPOSAL_NOT_PENDING']);
    const events = await db.select().from(outboxEvents).where(and(eq(outboxEvents.orderId, payout.id), eq(outboxEvents.type, 'payout.dispute_resolved')));
    const [order] = await db.select().from(payoutOrders).where(eq(payoutOrders.id, payout.id));
    expect(events).toHaveLength(order!.status === 'COMPLETED' ? 1 : 0);
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });

  it('the threshold is a control: read by any operator, changed only through a change another operator approves', async () => {
    const { db, operator } = await parties();
    const second = await signedInOperator(db);
    expect(await operator.caller.operator.disputes.fourEyesThreshold.get({})).toEqual({ amount: '1000.00', setAt: null });
    const change = { control: FOUR_EYES_THRESHOLD_KEY, value: { amount: '250.00' }, reason: 'Fewer large disputes this quarter.' } as const;
    expect(await refusalCode(operator.caller.operator.controls.propose({ ...change, value: { amount: '100' } }))).toBe('BAD_REQUEST');
    expect(await refusalCode(operator.caller.operator.controls.propose({ ...change, reason: '  ' }))).toBe('BAD_REQUEST');
    const proposed = await operator.caller.operator.controls.propose(change);
    expect((await operator.caller.operator.disputes.fourEyesThreshold.get({})).amount).toBe('1000.00');
    await second.caller.operator.controls.decide({ changeId: proposed.changeId, decision: 'approve' });
    expect((await operator.caller.operator.disputes.fourEyesThreshold.get({})).amount).toBe('250.00');
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'four_eyes_threshold.set'), eq(auditLog.actorId, second.userId)));
    expect(audit?.details).toEqual({ from: '1000.00', to: '250.00', changeId: proposed.changeId, proposedBy: operator.userId, approvedBy: second.userId, reason: 'Fewer large disputes this quarter.' });
  });
});
