import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  bankNotifications,
  disputeAutoRulings,
  disputeDeadlines,
  disputeRulingProposals,
  outboxEvents,
  payinOrders,
  payoutOrders,
  platformSettings,
  traderBankAccounts,
} from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { tinyPng } from '../../tests/fixtures/images';
import { insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { setControlFromCli } from '../controls/set-control-from-cli';
import { isDomainError } from '../errors';
import { balancesOf } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { acceptPayout } from '../payouts/accept-payout';
import { submitPayoutProof } from '../payouts/submit-payout-proof';
import { runDueTimers } from '../scheduler/run-due-timers';
import { setTraderOnline } from '../traders/set-online';
import { addDisputeEvidence } from './add-dispute-evidence';
import { missedDeadlineCount } from './case-deadlines';
import { decideRulingProposal } from './decide-ruling-proposal';
import { DISPUTE_DEADLINES_KEY, defaultDisputeDeadlineSettings, setDisputeDeadlineSettings, writeDisputeDeadlineSettings } from './dispute-deadline-settings';
import { getDisputeProcess } from './dispute-process';
import { FOUR_EYES_THRESHOLD_KEY } from './four-eyes-threshold';
import { listDisputes } from './list-disputes';
import { requestEvidence } from './request-evidence';
import { ruleDispute } from './rule-dispute';
import { stopAutoRuling } from './stop-auto-ruling';
import { traderDisputeEvidence } from './trader-dispute-evidence';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(platformSettings).where(eq(platformSettings.key, FOUR_EYES_THRESHOLD_KEY));
  await database.db.delete(platformSettings).where(eq(platformSettings.key, DISPUTE_DEADLINES_KEY));
});

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The simulated clock: `at(h)` is h hours after the dispute was opened (the real now of the fixture). */
const clockFrom = (start: Date) => (hours: number, minutes = 0) => new Date(start.getTime() + hours * HOUR + minutes * MINUTE);

async function parties() {
  const db = database.db;
  return { db, merchant: await merchantWithBalance(db, '1000.000000'), trader: await traderWithBalance(db, '500.000000') };
}

const payoutOf = async (id: string) => (await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, id)))[0]!;
const payinOf = async (id: string) => (await database.db.select().from(payinOrders).where(eq(payinOrders.id, id)))[0]!;
const deadlinesOf = (orderId: string) => database.db.select().from(disputeDeadlines).where(eq(disputeDeadlines.orderId, orderId));
const autoOf = async (orderId: string) => database.db.select().from(disputeAutoRulings).where(eq(disputeAutoRulings.orderId, orderId));
const auditOf = async (orderId: string) => (await database.db.select().from(auditLog).where(eq(auditLog.targetId, orderId))).map((row) => row.action);
const eventsOf = async (orderId: string) => (await database.db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.orderId, orderId))).map((row) => row.type);

async function ledgerClean() {
  expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
}

/** A payout whose merchant let the decision window pass: disputed by the scheduler at `at`. */
async function silentMerchantPayout(merchantId: string, traderId: string, proofAt: Date) {
  const db = database.db;
  const order = await insertPayout(db, merchantId);
  await setTraderOnline(db, { traderId, online: true });
  await acceptPayout(db, { traderId, orderId: order.id }, proofAt);
  await submitPayoutProof(db, { traderId, orderId: order.id, files: [await tinyPng(`#${randomBytes(3).toString('hex')}`)] }, proofAt);
  const due = (await payoutOf(order.id)).merchantActionDueAt!;
  await runDueTimers(db, due);
  expect((await payoutOf(order.id)).status).toBe('DISPUTED');
  return { order, disputedAt: due };
}

/** The trader's bank account with a notification matched to the pay-in at `score` (as the matcher leaves a suggestion on a disputed order). */
async function matchedNotification(traderId: string, payinId: string, score: number, threshold = 90) {
  const db = database.db;
  const [account] = await db
    .insert(traderBankAccounts)
    .values({ traderId, holderName: 'enc', bankName: 'ICBC', accountNumber: 'enc', accountLast4: '1234', autoConfirmThreshold: threshold })
    .returning();
  const text = `credit ${randomBytes(4).toString('hex')}`;
  await db.insert(bankNotifications).values({
    traderId,
    bankAccountId: account!.id,
    sender: '95588',
    receivedAt: new Date(),
    rawText: 'enc',
    textHash: createHash('sha256').update(text).digest('hex'),
    direction: 'credit',
    amount: '72.50',
    matchStatus: 'suggested',
    payinOrderId: payinId,
    score,
  });
}

describe('deadlines', () => {
  it('a merchant-disputed payout gives the trader 4 h and the operators 24 h; a miss is recorded, counted and escalates the case', async () => {
    const { db, merchant, trader } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payoutOf(payout.id)).disputedAt!);

    await runDueTimers(db, at(0, 1));
    const rows = await deadlinesOf(payout.id);
    expect(rows.map((row) => [row.party, row.kind, row.dueAt.getTime() - row.startsAt.getTime()]).sort()).toEqual([
      ['operator', 'ruling', 24 * HOUR],
      ['trader', 'answer', 4 * HOUR],
    ]);
    expect(rows.find((row) => row.party === 'trader')!.partyId).toBe(trader.traderId);
    const shown = await getDisputeProcess(db, { flow: 'payout', orderId: payout.id }, at(1));
    expect(shown.deadlines.map((d) => [d.party, d.state, d.overdue])).toEqual([
      ['trader', 'open', false],
      ['operator', 'open', false],
    ]);
    // The trader is shown its own deadline on its dispute page.
    expect((await traderDisputeEvidence(db, { traderId: trader.traderId, flow: 'payout', orderId: payout.id })).answerDueAt).toBe(at(4).toISOString());

    // Just before the deadline nothing is missed; just after, it is.
    await runDueTimers(db, at(3, 59));
    expect(await missedDeadlineCount(db, 'trader', trader.traderId)).toBe(0);
    await runDueTimers(db, at(4, 1));
    expect(await missedDeadlineCount(db, 'trader', trader.traderId)).toBe(1);
    expect(await auditOf(payout.id)).toContain('dispute.deadline_missed');
    const queue = await listDisputes(db, { traderId: trader.traderId }, { now: at(4, 1) });
    expect(queue.items[0]).toMatchObject({ orderId: payout.id, missedDeadlines: 1, escalated: true });
    // Escalated cases sort first in the default order.
    const all = await listDisputes(db, {}, { now: at(4, 1) });
    expect(all.items.findIndex((item) => item.orderId === payout.id)).toBeLessThanOrEqual(all.items.filter((item) => item.escalated).length - 1);
  });

  it('an answer in time meets the deadline and counts nothing; the operators miss theirs after 24 h', async () => {
    const { db, merchant, trader } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payoutOf(payout.id)).disputedAt!);
    await runDueTimers(db, at(0, 1));
    await addDisputeEvidence(db, { flow: 'payout', orderId: payout.id, party: 'trader', authorId: trader.traderId, statement: 'Paid, see the receipt.', files: [], scope: { traderId: trader.traderId }, now: at(2) });
    // The answer ends the trader's countdown at once, not at the scheduler's pass at the due time.
    expect((await deadlinesOf(payout.id)).find((row) => row.party === 'trader')!.metAt).toEqual(at(2));
    expect((await traderDisputeEvidence(db, { traderId: trader.traderId, flow: 'payout', orderId: payout.id })).answerDueAt).toBeNull();
    expect((await deadlinesOf(payout.id)).find((row) => row.party === 'operator')!.metAt).toBeNull();
    await runDueTimers(db, at(4, 1));
    expect(await missedDeadlineCount(db, 'trader', trader.traderId)).toBe(0);
    const trader4h = (await deadlinesOf(payout.id)).find((row) => row.party === 'trader')!;
    expect(trader4h.metAt).toEqual(at(2));

    await runDueTimers(db, at(24, 1));
    const operator = (await deadlinesOf(payout.id)).find((row) => row.party === 'operator')!;
    expect(operator.missedAt).not.toBeNull();
    expect((await listDisputes(db, { traderId: trader.traderId, overdueOnly: true }, { now: at(24, 1) })).items.map((item) => item.orderId)).toEqual([payout.id]);
  });

  it("an answer sent before the scheduler's pass opens the deadlines meets the trader's deadline when it is opened", async () => {
    const { db, merchant, trader } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payoutOf(payout.id)).disputedAt!);
    await addDisputeEvidence(db, { flow: 'payout', orderId: payout.id, party: 'trader', authorId: trader.traderId, statement: 'Paid, see the receipt.', files: [], scope: { traderId: trader.traderId }, now: at(0, 1) });
    expect(await deadlinesOf(payout.id)).toEqual([]);
    await runDueTimers(db, at(0, 2));
    const rows = await deadlinesOf(payout.id);
    expect(rows.find((row) => row.party === 'trader')!.metAt).toEqual(at(0, 1));
    expect(rows.find((row) => row.party === 'operator')!.metAt).toBeNull();
    // The trader is not shown a countdown for what it has answered.
    expect((await traderDisputeEvidence(db, { traderId: trader.traderId, flow: 'payout', orderId: payout.id })).answerDueAt).toBeNull();
    await runDueTimers(db, at(4, 1));
    expect(await missedDeadlineCount(db, 'trader', trader.traderId)).toBe(0);
  });

  it("an evidence request without hours takes the party's deadline from the settings, and the settings can change it", async () => {
    const { db, merchant, trader } = await parties();
    const operator = await signedInOperator(db);
    const refused = await setDisputeDeadlineSettings(db, { merchantHours: 0, reason: 'Too short.' }).catch((error: unknown) => error);
    expect(isDomainError(refused, 'VALIDATION_FAILED') && refused.details?.map((detail) => detail.path)).toEqual(['merchantHours']);
    expect(await setDisputeDeadlineSettings(db, { merchantHours: 12, reason: 'Merchants answer within a working day.' })).toMatchObject({ merchantHours: 12, traderHours: 4 });
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payoutOf(payout.id)).disputedAt!);
    const request = await requestEvidence(db, { input: { flow: 'payout', orderId: payout.id, party: 'merchant', message: 'The bank statement of the day, please.' }, operator: { id: operator.userId }, now: at(1) });
    expect(Date.parse(request.dueAt) - at(1).getTime()).toBe(12 * HOUR);

    await runDueTimers(db, at(13, 1));
    expect(await missedDeadlineCount(db, 'merchant', merchant.merchantId)).toBe(1);
    const row = (await deadlinesOf(payout.id)).find((d) => d.kind === 'evidence_request')!;
    expect(row).toMatchObject({ party: 'merchant', partyId: merchant.merchantId, requestId: request.id });
    expect(row.missedAt).not.toBeNull();
  });

  it('a pay-in waits on the buyer (4 h) and, when the buyer opened it, on the trader too', async () => {
    const { db, merchant, trader } = await parties();
    const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payinOf(payin.id)).disputedAt!);
    await runDueTimers(db, at(0, 1));
    expect((await deadlinesOf(payin.id)).map((row) => `${row.party}:${row.kind}:${(row.dueAt.getTime() - row.startsAt.getTime()) / HOUR}`).sort()).toEqual(['buyer:answer:4', 'operator:ruling:24']);
  });
});

describe('automatic rulings', () => {
  it('payout, trader silent past its deadline: refunded to the merchant after the stop window, through the ruling path', async () => {
    const { db, merchant, trader } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payoutOf(payout.id)).disputedAt!);
    await runDueTimers(db, at(3, 59));
    expect(await autoOf(payout.id)).toEqual([]);

    await runDueTimers(db, at(4, 1));
    const [pending] = await autoOf(payout.id);
    expect(pending).toMatchObject({ rule: 'payout_trader_unresponsive', ruling: 'refund', reasonCode: 'auto_trader_unresponsive', status: 'pending' });
    expect(pending!.applyAt).toEqual(at(4, 31));
    expect((await getDisputeProcess(db, { flow: 'payout', orderId: payout.id })).autoRulings[0]).toMatchObject({ id: pending!.id, status: 'pending' });
    expect((await listDisputes(db, { traderId: trader.traderId }, { now: at(4, 1) })).items[0]!.autoRulingAt).toBe(at(4, 31).toISOString());

    await runDueTimers(db, at(4, 30));
    expect((await payoutOf(payout.id)).status).toBe('DISPUTED');
    await runDueTimers(db, at(4, 32));
    expect(await payoutOf(payout.id)).toMatchObject({ status: 'CANCELLED', resolutionCode: 'auto_trader_unresponsive' });
    expect((await autoOf(payout.id))[0]!.status).toBe('applied');
    expect(await eventsOf(payout.id)).toContain('payout.dispute_resolved');
    expect(await auditOf(payout.id)).toEqual(expect.arrayContaining(['dispute.auto_ruling_scheduled', 'dispute.resolve_refund']));
    expect((await balancesOf(db, 'merchant', merchant.merchantId)).frozen).toBe('0.000000');
    expect((await balancesOf(db, 'merchant', merchant.merchantId)).available).toBe('1000.000000');
    await ledgerClean();
  });

  it('a case a rule settles is found behind more than a pass of open cases that wait on a person', async () => {
    const { db, merchant, trader } = await parties();
    const proof = await tinyPng('#a1b2c3');
    // More answered cases than one pass reads (100), all older than the silent one.
    for (let index = 0; index < 101; index += 1) {
      const answered = await disputedPayout(db, merchant.merchantId, trader.traderId, { files: [proof], amounts: { usdAmount: '1.00', usdFeeAmount: '0.00' } });
      await addDisputeEvidence(db, { flow: 'payout', orderId: answered.id, party: 'trader', authorId: trader.traderId, statement: 'Paid.', files: [], scope: { traderId: trader.traderId } });
    }
    const silent = await disputedPayout(db, merchant.merchantId, trader.traderId, { files: [proof], amounts: { usdAmount: '1.00', usdFeeAmount: '0.00' } });
    const at = clockFrom((await payoutOf(silent.id)).disputedAt!);
    await runDueTimers(db, at(0, 1));
    await runDueTimers(db, at(4, 1));
    expect(await autoOf(silent.id)).toEqual([expect.objectContaining({ rule: 'payout_trader_unresponsive', status: 'pending' })]);
  }, 120_000);

  it("payout, merchant silent and then not contesting the proof by its deadline: released to the trader", async () => {
    const { db, merchant, trader } = await parties();
    const { order, disputedAt } = await silentMerchantPayout(merchant.merchantId, trader.traderId, new Date(Date.now() - HOUR));
    const at = clockFrom(disputedAt);
    await runDueTimers(db, at(23, 59));
    expect(await autoOf(order.id)).toEqual([]);
    await runDueTimers(db, at(24, 1));
    expect((await autoOf(order.id))[0]).toMatchObject({ rule: 'payout_proof_uncontested', ruling: 'release', status: 'pending' });
    await runDueTimers(db, at(24, 32));
    expect(await payoutOf(order.id)).toMatchObject({ status: 'COMPLETED', resolutionCode: 'auto_proof_uncontested' });
    expect((await balancesOf(db, 'trader', trader.traderId)).available).toBe('510.000000');
    await ledgerClean();
  });

  it('pay-in, no buyer evidence and no bank notification past the buyer deadline: failed, escrow back to the trader; buyer evidence keeps it for an operator', async () => {
    const { db, merchant, trader } = await parties();
    const silent = await disputedPayin(db, merchant.merchantId, trader.traderId);
    const answered = await disputedPayin(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payinOf(answered.id)).disputedAt!);
    await addDisputeEvidence(db, { flow: 'payin', orderId: answered.id, party: 'buyer', authorId: 'buyer-token', statement: 'I paid from my ICBC card.', files: [], now: at(1) });
    await runDueTimers(db, at(4, 1));
    await runDueTimers(db, at(4, 32));
    expect(await payinOf(silent.id)).toMatchObject({ status: 'FAILED', resolutionCode: 'auto_no_payment_evidence' });
    expect((await payinOf(answered.id)).status).toBe('DISPUTED');
    expect(await autoOf(answered.id)).toEqual([]);
    expect((await balancesOf(db, 'trader', trader.traderId)).available).toBe('490.000000');
    await ledgerClean();
  });

  it("pay-in whose bank notification scored at or above the account's threshold: completed to the merchant; below it, left alone", async () => {
    const { db, merchant, trader } = await parties();
    const matched = await disputedPayin(db, merchant.merchantId, trader.traderId);
    const weak = await disputedPayin(db, merchant.merchantId, trader.traderId);
    await matchedNotification(trader.traderId, matched.id, 95);
    await matchedNotification(trader.traderId, weak.id, 70);
    const at = clockFrom((await payinOf(matched.id)).disputedAt!);
    await runDueTimers(db, at(0, 1));
    expect((await autoOf(matched.id))[0]).toMatchObject({ rule: 'payin_bank_notification_matched', ruling: 'complete', applyAt: at(0, 31) });
    await runDueTimers(db, at(0, 32));
    expect(await payinOf(matched.id)).toMatchObject({ status: 'COMPLETED', resolutionCode: 'auto_bank_notification_matched' });
    expect((await payinOf(weak.id)).status).toBe('DISPUTED');
    // A notification matched, even weakly, is not "no notification": the weak one waits for an operator past the buyer deadline too.
    await runDueTimers(db, at(5));
    await runDueTimers(db, at(6));
    expect((await payinOf(weak.id)).status).toBe('DISPUTED');
    // assetAmount 10 less the pay-in's fee of 0.05.
    expect((await balancesOf(db, 'merchant', merchant.merchantId)).available).toBe('1009.950000');
    await ledgerClean();
  });

  it('an operator stops a pending ruling in its window (audited); it is not applied nor proposed again, and a second stop is refused', async () => {
    const { db, merchant, trader } = await parties();
    const operator = await signedInOperator(db);
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payoutOf(payout.id)).disputedAt!);
    await runDueTimers(db, at(4, 1));
    const [pending] = await autoOf(payout.id);
    await operator.caller.operator.disputeProcess.stopAutoRuling({ autoRulingId: pending!.id, reason: 'The trader called: the receipt is coming.' });
    expect((await autoOf(payout.id))[0]).toMatchObject({ status: 'stopped', stoppedBy: operator.userId });
    expect(await auditOf(payout.id)).toContain('dispute.stop_auto_ruling');

    await runDueTimers(db, at(4, 32));
    await runDueTimers(db, at(10));
    expect((await payoutOf(payout.id)).status).toBe('DISPUTED');
    expect(await autoOf(payout.id)).toHaveLength(1);
    const again = await stopAutoRuling(db, { autoRulingId: pending!.id, reason: 'again', operator: { id: operator.userId } }).catch((error: unknown) => error);
    expect(isDomainError(again, 'AUTO_RULING_NOT_PENDING')).toBe(true);
  });

  it('evidence from the party during the window supersedes the ruling', async () => {
    const { db, merchant, trader } = await parties();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payoutOf(payout.id)).disputedAt!);
    await runDueTimers(db, at(4, 1));
    await addDisputeEvidence(db, { flow: 'payout', orderId: payout.id, party: 'trader', authorId: trader.traderId, statement: 'Late, but here is the receipt.', files: [], scope: { traderId: trader.traderId }, now: at(4, 10) });
    await runDueTimers(db, at(4, 32));
    expect((await payoutOf(payout.id)).status).toBe('DISPUTED');
    expect((await autoOf(payout.id))[0]).toMatchObject({ status: 'superseded', outcomeNote: 'the rule no longer holds' });
  });

  it('above the four-eyes threshold the ruling becomes a proposal a second operator approves', async () => {
    const { db, merchant, trader } = await parties();
    await setControlFromCli(db, { change: { control: FOUR_EYES_THRESHOLD_KEY, value: { amount: '5.00' }, reason: 'Test set-up.' } });
    const operator = await signedInOperator(db);
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payoutOf(payout.id)).disputedAt!);
    await runDueTimers(db, at(4, 1));
    await runDueTimers(db, at(4, 32));
    expect((await payoutOf(payout.id)).status).toBe('DISPUTED');
    const [auto] = await autoOf(payout.id);
    expect(auto).toMatchObject({ status: 'proposed' });
    const [proposal] = await db.select().from(disputeRulingProposals).where(and(eq(disputeRulingProposals.orderId, payout.id), eq(disputeRulingProposals.status, 'pending')));
    expect(proposal).toMatchObject({ id: auto!.proposalId, proposedBy: null, autoRulingId: auto!.id, ruling: 'refund', reasonCode: 'auto_trader_unresponsive' });
    const context = await operator.caller.operator.disputes.rulingContext({ flow: 'payout', orderId: payout.id });
    expect(context.proposal?.proposedBy.name).toBe('Automatic ruling');

    await decideRulingProposal(db, { input: { proposalId: proposal!.id, decision: 'approve' }, operator: { id: operator.userId }, now: at(5) });
    expect(await payoutOf(payout.id)).toMatchObject({ status: 'CANCELLED', resolutionCode: 'auto_trader_unresponsive' });
    await ledgerClean();
  });

  it('an operator ruling and the automatic ruling at once: exactly one applies', async () => {
    const { db, merchant, trader } = await parties();
    const operator = await signedInOperator(db);
    for (let round = 0; round < 3; round += 1) {
      const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
      const at = clockFrom((await payoutOf(payout.id)).disputedAt!);
      await operator.caller.operator.disputes.claim({ flow: 'payout', orderId: payout.id });
      await runDueTimers(db, at(4, 1));
      const [operatorSide, schedulerSide] = await Promise.allSettled([
        ruleDispute(db, { input: { flow: 'payout', orderId: payout.id, ruling: 'release', reasonCode: 'proof_valid', note: 'The statement shows the transfer.' }, operator: { id: operator.userId }, now: at(4, 32) }),
        runDueTimers(db, at(4, 32)),
      ]);
      expect(schedulerSide.status).toBe('fulfilled');
      const order = await payoutOf(payout.id);
      const [auto] = await autoOf(payout.id);
      if (operatorSide.status === 'fulfilled') {
        expect(order).toMatchObject({ status: 'COMPLETED', resolutionCode: 'proof_valid' });
        expect(auto!.status).toBe('superseded');
      } else {
        expect(isDomainError(operatorSide.reason, 'INVALID_ORDER_STATE')).toBe(true);
        expect(order).toMatchObject({ status: 'CANCELLED', resolutionCode: 'auto_trader_unresponsive' });
        expect(auto!.status).toBe('applied');
      }
      expect((await eventsOf(payout.id)).filter((type) => type === 'payout.dispute_resolved')).toHaveLength(1);
    }
    await ledgerClean();
  });

  it('switched off in the settings, no ruling is found; deadlines still run', async () => {
    const { db, merchant, trader } = await parties();
    await db.transaction((tx) => writeDisputeDeadlineSettings(tx, { ...defaultDisputeDeadlineSettings, autoRulings: false }, new Date()));
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const at = clockFrom((await payoutOf(payout.id)).disputedAt!);
    await runDueTimers(db, at(4, 1));
    expect(await autoOf(payout.id)).toEqual([]);
    expect(await missedDeadlineCount(db, 'trader', trader.traderId)).toBe(1);
  });
});
