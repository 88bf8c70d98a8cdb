import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { disputedPayout } from '../../../tests/fixtures/disputes';
import { insertPayout } from '../../../tests/fixtures/orders';
import { merchantWithBalance } from '../../../tests/fixtures/parties';
import { refusalCode } from '../../../tests/trpc/refusal-code';
import { callerAs, signedInOperator, signedInTrader } from '../../../tests/trpc/trpc-harness';
import { appRouter } from '../root';

type Caller = ReturnType<typeof callerAs>;

let database: TestDatabase;
let calls: Record<string, (caller: Caller) => Promise<unknown>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const merchant = await merchantWithBalance(db, '1000.000000');
  const { traderId } = await signedInTrader(db, '100.000000');
  const disputed = await disputedPayout(db, merchant.merchantId, traderId);
  const pending = await insertPayout(db, merchant.merchantId);
  const ref = { flow: 'payout' as const, orderId: disputed.id };

  // Every operator procedure with input that would work for an enrolled operator.
  calls = {
    'operator.enrolment.start': (c) => c.operator.enrolment.start({}),
    'operator.enrolment.confirm': (c) => c.operator.enrolment.confirm({ code: '123456' }),
    'operator.disputes.list': (c) => c.operator.disputes.list({}),
    'operator.disputes.get': (c) => c.operator.disputes.get(ref),
    'operator.conversation.get': (c) => c.operator.conversation.get(ref),
    'operator.conversation.markRead': (c) => c.operator.conversation.markRead(ref),
    'operator.conversation.post': (c) => c.operator.conversation.post({ ...ref, body: 'Please both attach your statements.' }),
    'operator.conversation.image': (c) => c.operator.conversation.image({ ...ref, fileId: '00000000-0000-4000-8000-000000000000' }),
    'operator.disputes.claim': (c) => c.operator.disputes.claim(ref),
    'operator.disputes.releaseClaim': (c) => c.operator.disputes.releaseClaim(ref),
    'operator.disputes.bulkClaim': (c) => c.operator.disputes.bulkClaim({ cases: [ref] }),
    'operator.disputes.bulkRelease': (c) => c.operator.disputes.bulkRelease({ cases: [ref] }),
    'operator.disputes.claimNext': (c) => c.operator.disputes.claimNext({}),
    'operator.recoveryCodes.status': (c) => c.operator.recoveryCodes.status({}),
    'operator.recoveryCodes.regenerate': (c) => c.operator.recoveryCodes.regenerate({}),
    'operator.queueViews.list': (c) => c.operator.queueViews.list({}),
    'operator.queueViews.save': (c) => c.operator.queueViews.save({ name: 'Mine', filters: { claim: 'mine' } }),
    'operator.queueViews.delete': (c) => c.operator.queueViews.delete({ viewId: '00000000-0000-4000-8000-000000000000' }),
    'operator.search': (c) => c.operator.search({ query: disputed.orderNo }),
    'operator.disputes.rule': (c) => c.operator.disputes.rule({ ...ref, ruling: 'refund', reasonCode: 'other', note: 'Refund.' }),
    'operator.disputes.rulingContext': (c) => c.operator.disputes.rulingContext(ref),
    'operator.disputes.previewSplit': (c) => c.operator.disputes.previewSplit({ ...ref, amount: '5.00' }),
    'operator.disputes.decideProposal': (c) => c.operator.disputes.decideProposal({ proposalId: '00000000-0000-4000-8000-000000000000', decision: 'approve' }),
    'operator.disputes.fourEyesThreshold.get': (c) => c.operator.disputes.fourEyesThreshold.get({}),
    'operator.controls.list': (c) => c.operator.controls.list({}),
    'operator.controls.propose': (c) => c.operator.controls.propose({ control: 'dispute_four_eyes_threshold', value: { amount: '1.00' }, reason: 'Lower it.' }),
    'operator.controls.decide': (c) => c.operator.controls.decide({ changeId: '00000000-0000-4000-8000-000000000000', decision: 'approve' }),
    'operator.withdrawals.queue': (c) => c.operator.withdrawals.queue({}),
    'operator.withdrawals.stuck': (c) => c.operator.withdrawals.stuck({}),
    'operator.withdrawals.hotWallets': (c) => c.operator.withdrawals.hotWallets({}),
    'operator.withdrawals.review': (c) => c.operator.withdrawals.review({ withdrawalId: '00000000-0000-4000-8000-000000000000', decision: 'reject', reason: 'No.' }),
    'operator.withdrawals.decideProposal': (c) => c.operator.withdrawals.decideProposal({ proposalId: '00000000-0000-4000-8000-000000000000', decision: 'approve' }),
    'operator.withdrawals.resolveCase': (c) => c.operator.withdrawals.resolveCase({ withdrawalId: '00000000-0000-4000-8000-000000000000', note: 'Looked at it.' }),
    'operator.disputeProcess.get': (c) => c.operator.disputeProcess.get(ref),
    'operator.disputeProcess.requestEvidence': (c) => c.operator.disputeProcess.requestEvidence({ ...ref, party: 'trader', message: 'Send the receipt.', dueInHours: 24 }),
    'operator.disputeProcess.withdrawRequest': (c) => c.operator.disputeProcess.withdrawRequest({ requestId: '00000000-0000-4000-8000-000000000000' }),
    'operator.disputeProcess.addNote': (c) => c.operator.disputeProcess.addNote({ ...ref, note: 'Internal.' }),
    'operator.disputeProcess.stopAutoRuling': (c) => c.operator.disputeProcess.stopAutoRuling({ autoRulingId: '00000000-0000-4000-8000-000000000000', reason: 'probe' }),
    'operator.disputeProcess.extendDeadline': (c) => c.operator.disputeProcess.extendDeadline({ flow: 'payout', orderId: pending.id, minutes: 30, reason: 'Bank outage.' }),
    'operator.stuckPayouts.list': (c) => c.operator.stuckPayouts.list({ unmatchedAfterMinutes: 0 }),
    'operator.stuckPayouts.reassign': (c) => c.operator.stuckPayouts.reassign({ orderId: pending.id, note: 'Back.' }),
    'operator.stuckPayouts.cancel': (c) => c.operator.stuckPayouts.cancel({ orderId: pending.id, note: 'Cancel.' }),
    'operator.merchants.list': (c) => c.operator.merchants.list({}),
    'operator.merchants.create': (c) => c.operator.merchants.create({ name: 'Intruder Ltd' }),
    'operator.merchants.update': (c) => c.operator.merchants.update({ merchantId: merchant.merchantId, settings: { status: 'suspended' } }),
    'operator.merchants.checkout': (c) => c.operator.merchants.checkout({ merchantId: merchant.merchantId }),
    'operator.merchants.updateCheckout': (c) => c.operator.merchants.updateCheckout({ merchantId: merchant.merchantId, settings: { checkoutDisplayName: 'Intruder' } }),
    'operator.merchants.setCheckoutLogo': (c) => c.operator.merchants.setCheckoutLogo({ merchantId: merchant.merchantId, imageBase64: null }),
    'operator.merchants.setWebhook': (c) => c.operator.merchants.setWebhook({ merchantId: merchant.merchantId, url: 'https://evil.example/hook' }),
    'operator.merchants.issueKey': (c) => c.operator.merchants.issueKey({ merchantId: merchant.merchantId }),
    'operator.merchants.revokeKey': (c) => c.operator.merchants.revokeKey({ keyId: merchant.apiKey.keyId }),
    'operator.merchants.createOwner': (c) => c.operator.merchants.createOwner({ merchantId: merchant.merchantId, email: 'intruder@test.local' }),
    'operator.traders.list': (c) => c.operator.traders.list({}),
    'operator.traders.create': (c) => c.operator.traders.create({ name: 'Intruder', email: 'intruder@test.local', password: 'correct horse battery' }),
    'operator.traders.setStatus': (c) => c.operator.traders.setStatus({ traderId, status: 'suspended' }),
    'operator.traders.bond': (c) => c.operator.traders.bond({ traderId }),
    'operator.traders.setBondMultiple': (c) => c.operator.traders.setBondMultiple({ traderId, multiple: '3', reason: 'intruder' }),
    'operator.traders.payoutTasks': (c) => c.operator.traders.payoutTasks({ traderId }),
    'operator.traders.setPayoutTaskCap': (c) => c.operator.traders.setPayoutTaskCap({ traderId, cap: 1, reason: 'intruder' }),
    'operator.traders.reputations': (c) => c.operator.traders.reputations({}),
    'operator.routing.whyThisTrader': (c) => c.operator.routing.whyThisTrader({ orderId: pending.id }),
    'operator.traders.adjustBalance': (c) => c.operator.traders.adjustBalance({ owner: { type: 'trader', id: traderId }, direction: 'credit', amount: '5.000000', memo: 'gift' }),
    'operator.referenceRate.get': (c) => c.operator.referenceRate.get({}),
    'operator.referenceRate.set': (c) => c.operator.referenceRate.set({ rate: '9.9999' }),
    'operator.referenceRate.clear': (c) => c.operator.referenceRate.clear({}),
    'operator.audit.query': (c) => c.operator.audit.query({}),
    'operator.notifications.stats': (c) => c.operator.notifications.stats({}),
    'operator.ledger.check': (c) => c.operator.ledger.check({}),
    'operator.ledger.lastScheduledCheck': (c) => c.operator.ledger.lastScheduledCheck({}),
    'operator.solvency.latest': (c) => c.operator.solvency.latest({}),
    'operator.deposits.list': (c) => c.operator.deposits.list({}),
    'operator.deposits.resolveHeld': (c) => c.operator.deposits.resolveHeld({ depositId: '00000000-0000-4000-8000-000000000000', decision: 'dismiss', note: 'probe' }),
    'operator.deposits.reorgCases': (c) => c.operator.deposits.reorgCases({}),
    'operator.deposits.resolveReorg': (c) => c.operator.deposits.resolveReorg({ caseId: '00000000-0000-4000-8000-000000000000', outcome: 'remined', note: 'probe' }),
    'operator.deposits.lag': (c) => c.operator.deposits.lag({}),
    'operator.reconciliation.runs': (c) => c.operator.reconciliation.runs({}),
    'operator.reconciliation.items': (c) => c.operator.reconciliation.items({}),
    'operator.reconciliation.resolve': (c) => c.operator.reconciliation.resolve({ itemId: 1, reason: 'probe' }),
    'operator.risk.rules': (c) => c.operator.risk.rules({}),
    'operator.risk.createRule': (c) => c.operator.risk.createRule({ name: 'Probe', flows: ['payout'], condition: { kind: 'velocity', per: 'client_address', windowMinutes: 60, maxCount: 1 }, action: 'block' }),
    'operator.risk.backTest': (c) => c.operator.risk.backTest({ ruleId: '00000000-0000-4000-8000-000000000000' }),
    'operator.risk.setEnabled': (c) => c.operator.risk.setEnabled({ ruleId: '00000000-0000-4000-8000-000000000000', enabled: true }),
    'operator.risk.heldOrders': (c) => c.operator.risk.heldOrders({}),
    'operator.risk.decideHold': (c) => c.operator.risk.decideHold({ holdId: '00000000-0000-4000-8000-000000000000', decision: 'reject', reason: 'probe' }),
  };
});
afterAll(async () => {
  await database.close();
});

/** What any operator procedure could change, as one comparable value. */
async function state() {
  const [row] = rowsOf<Record<string, string>>(
    await database.db.execute(sql`
      select (select count(*) from audit_log)::text as audit,
             (select count(*) from outbox_events)::text as events,
             (select count(*) from ledger_transfers)::text as transfers,
             (select string_agg(id || '=' || balance::text, ',' order by id) from ledger_accounts) as balances,
             (select string_agg(status || coalesce(claimed_by::text, '-'), ',' order by id) from payout_orders) as payouts,
             (select string_agg(name || status || coalesce(webhook_url, '-'), ',' order by id) from merchants) as merchants,
             (select string_agg(status, ',' order by id) from traders) as traders,
             (select count(*) from api_keys where revoked_at is null)::text as live_keys,
             (select count(*) from platform_settings)::text as settings,
             (select count(*) from control_changes)::text as control_changes,
             (select string_agg(coalesce(totp_secret, '-'), ',' order by id) from users) as totp,
             (select count(*) from merchant_invitations)::text as invitations,
             (select count(*) from user_recovery_codes)::text as recovery_codes,
             (select count(*) from operator_saved_views)::text as saved_views,
             (select count(*) from dispute_evidence)::text as evidence,
             (select count(*) from dispute_messages)::text as messages,
             (select count(*) from dispute_conversation_reads)::text as conversation_reads,
             (select count(*) from dispute_evidence_requests)::text as evidence_requests,
             (select count(*) from order_timer_adjustments)::text as timer_adjustments,
             (select string_agg(state, ',' order by id) from chain_deposits) as deposits,
             (select count(*) from chain_reorg_cases where resolved_at is not null)::text as resolved_reorg_cases,
             (select count(*) from reconciliation_items where resolved_at is not null)::text as resolved_reconciliation_items,
             (select count(*) from risk_rules)::text as risk_rules,
             (select string_agg(state, ',' order by id) from risk_holds) as risk_holds`),
  );
  return row;
}

describe('operator procedures refuse everyone but an operator with a second factor', () => {
  it('covers every procedure of the operator router', () => {
    const procedures = Object.keys(appRouter._def.procedures).filter((name) => name.startsWith('operator.'));
    expect(Object.keys(calls).sort()).toEqual(procedures.sort());
  });

  it('no session: UNAUTHENTICATED (401), nothing changed', async () => {
    const before = await state();
    for (const [name, call] of Object.entries(calls)) expect([name, await refusalCode(call(callerAs(database.db, null)))]).toEqual([name, 'UNAUTHENTICATED']);
    expect(await state()).toEqual(before);
  });

  it('a trader: FORBIDDEN (403), nothing changed', async () => {
    const { caller } = await signedInTrader(database.db);
    const before = await state();
    for (const [name, call] of Object.entries(calls)) expect([name, await refusalCode(call(caller))]).toEqual([name, 'FORBIDDEN']);
    expect(await state()).toEqual(before);
  });

  it('an operator without a second factor: TOTP_REQUIRED on everything but the enrolment, nothing changed', async () => {
    const { caller } = await signedInOperator(database.db, false);
    const before = await state();
    for (const [name, call] of Object.entries(calls)) {
      if (name.startsWith('operator.enrolment.')) continue;
      expect([name, await refusalCode(call(caller))]).toEqual([name, 'TOTP_REQUIRED']);
    }
    expect(await state()).toEqual(before);
  });

  it('the enrolment itself is open to an operator still enrolling, and a wrong code is TOTP_INVALID', async () => {
    const { caller } = await signedInOperator(database.db, false);
    const started = await caller.operator.enrolment.start({});
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUrl).toContain(`secret=${started.secret}`);
    expect(await refusalCode(caller.operator.enrolment.confirm({ code: '000000' }))).toBe('TOTP_INVALID');
  });
});
