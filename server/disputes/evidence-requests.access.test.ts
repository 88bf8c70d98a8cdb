import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, disputeEvidenceRequests, outboxEvents, payinOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { tinyPng } from '../../tests/fixtures/images';
import { merchantWithOwner } from '../../tests/fixtures/merchant-team';
import { traderWithBalance } from '../../tests/fixtures/parties';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { callerAs, merchantSession, signedInOperator, traderSession } from '../../tests/trpc/trpc-harness';
import { cliActor } from '../audit';
import { adjustBalance } from '../balances/adjust-balance';
import { newCheckoutToken } from '../payins/checkout-token';
import { listMerchantPayoutEvidence } from './list-merchant-payout-evidence';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function merchantParty() {
  const db = database.db;
  const { merchant, owner } = await merchantWithOwner(db);
  await adjustBalance(db, { owner: { type: 'merchant', id: merchant.merchantId }, direction: 'credit', amount: '1000', memo: 'test funding' }, cliActor);
  return { merchantId: merchant.merchantId, caller: callerAs(db, merchantSession(owner)) };
}

async function traderParty() {
  const trader = await traderWithBalance(database.db, '500.000000');
  return { ...trader, caller: callerAs(database.db, traderSession(trader)) };
}

async function setting() {
  const db = database.db;
  const merchant = await merchantParty();
  const otherMerchant = await merchantParty();
  const trader = await traderParty();
  const otherTrader = await traderParty();
  const operator = await signedInOperator(db);
  const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
  return { db, merchant, otherMerchant, trader, otherTrader, operator, payout, ref: { flow: 'payout' as const, orderId: payout.id } };
}

describe('evidence requests reach only the party asked', () => {
  it('a request to the trader: the trader sees it and answers it from the dashboard; the merchant and another trader do not see it', async () => {
    const { db, merchant, trader, otherTrader, operator, payout, ref } = await setting();
    const request = await operator.caller.operator.disputeProcess.requestEvidence({ ...ref, party: 'trader', message: 'Send the bank receipt.', dueInHours: 24 });

    const mine = await trader.caller.trader.evidence.get(ref);
    expect(mine.requests.map((item) => [item.id, item.message])).toEqual([[request.id, 'Send the bank receipt.']]);
    expect(mine.timersPausedAt).not.toBeNull();
    expect(await refusalCode(otherTrader.caller.trader.evidence.get(ref))).toBe('ORDER_NOT_FOUND');
    expect(await refusalCode(otherTrader.caller.trader.evidence.add({ ...ref, statement: 'Not mine' }))).toBe('ORDER_NOT_FOUND');
    expect((await merchant.caller.merchantOrders.evidenceRequests({ flow: 'payout', reference: payout.orderNo })).requests).toEqual([]);
    expect((await listMerchantPayoutEvidence(db, { merchantId: merchant.merchantId, reference: payout.orderNo })).openRequests).toEqual([]);

    const png = Buffer.from(await tinyPng('#aa3300')).toString('base64');
    await trader.caller.trader.evidence.add({ ...ref, statement: 'Receipt attached.', images: [png] });
    const after = await trader.caller.trader.evidence.get(ref);
    expect(after.requests).toEqual([]);
    expect(after.items.map((item) => [item.party, item.statement, item.files.length])).toEqual([['trader', 'Receipt attached.', 1]]);
    expect(after.imagesRemaining).toBe(2);

    const process = await operator.caller.operator.disputeProcess.get(ref);
    expect(process.requests.map((item) => item.state)).toEqual(['fulfilled']);
    const caseView = await operator.caller.operator.disputes.get(ref);
    const evidence = caseView.evidence.find((item) => item.party === 'trader');
    expect(evidence).toMatchObject({ statement: 'Receipt attached.', authorName: expect.stringMatching(/^Trader /), internal: false, requestId: request.id });
    const audits = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, payout.id));
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['dispute.evidence_requested', 'dispute.evidence_added']));
  });

  it('a request to the merchant shows in the console and the API list, not to another merchant; withdrawn, it disappears', async () => {
    const { db, merchant, otherMerchant, trader, operator, payout, ref } = await setting();
    const request = await operator.caller.operator.disputeProcess.requestEvidence({ ...ref, party: 'merchant', message: 'Your customer record?', dueInHours: 2 });
    const page = await merchant.caller.merchantOrders.evidenceRequests({ flow: 'payout', reference: payout.orderNo });
    expect(page.requests.map((item) => item.id)).toEqual([request.id]);
    expect((await listMerchantPayoutEvidence(db, { merchantId: merchant.merchantId, reference: payout.orderNo })).openRequests.map((item) => item.message)).toEqual([
      'Your customer record?',
    ]);
    expect(await refusalCode(otherMerchant.caller.merchantOrders.evidenceRequests({ flow: 'payout', reference: payout.orderNo }))).toBe('ORDER_NOT_FOUND');
    expect((await trader.caller.trader.evidence.get(ref)).requests).toEqual([]);

    await operator.caller.operator.disputeProcess.withdrawRequest({ requestId: request.id });
    expect((await merchant.caller.merchantOrders.evidenceRequests({ flow: 'payout', reference: payout.orderNo })).requests).toEqual([]);
    expect(await refusalCode(operator.caller.operator.disputeProcess.withdrawRequest({ requestId: request.id }))).toBe('EVIDENCE_REQUEST_CLOSED');
    const audits = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, payout.id));
    expect(audits.map((row) => row.action)).toContain('dispute.evidence_request_withdrawn');
  });

  it("a request to the buyer shows on that checkout link only; a payout has no buyer; parties cannot call the operator's procedures", async () => {
    const { db, merchant, trader, operator, ref } = await setting();
    const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
    const other = await disputedPayin(db, merchant.merchantId, trader.traderId);
    const link = newCheckoutToken();
    const otherLink = newCheckoutToken();
    await db.update(payinOrders).set({ payTokenHash: link.hash }).where(eq(payinOrders.id, payin.id));
    await db.update(payinOrders).set({ payTokenHash: otherLink.hash }).where(eq(payinOrders.id, other.id));
    await operator.caller.operator.disputeProcess.requestEvidence({ flow: 'payin', orderId: payin.id, party: 'buyer', message: 'Upload your payment receipt.', dueInHours: 12 });

    const anonymous = callerAs(db, null);
    expect((await anonymous.checkout.evidenceRequests({ token: link.token })).requests.map((item) => item.message)).toEqual(['Upload your payment receipt.']);
    expect((await anonymous.checkout.evidenceRequests({ token: otherLink.token })).requests).toEqual([]);
    expect((await trader.caller.trader.evidence.get({ flow: 'payin', orderId: payin.id })).requests).toEqual([]);

    expect(await refusalCode(operator.caller.operator.disputeProcess.requestEvidence({ ...ref, party: 'buyer', message: 'x', dueInHours: 1 }))).toBe('VALIDATION_FAILED');
    expect(await refusalCode(operator.caller.operator.disputeProcess.requestEvidence({ ...ref, party: 'trader', message: 'x', dueInHours: 24 * 8 }))).toBe('BAD_REQUEST');
    for (const caller of [trader.caller, merchant.caller, anonymous]) {
      expect(await refusalCode(caller.operator.disputeProcess.requestEvidence({ ...ref, party: 'trader', message: 'x', dueInHours: 1 }))).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
      expect(await refusalCode(caller.operator.disputeProcess.get(ref))).toMatch(/FORBIDDEN|UNAUTHENTICATED/);
    }
    expect(await db.select().from(disputeEvidenceRequests).where(eq(disputeEvidenceRequests.orderId, ref.orderId))).toEqual([]);
  });
});

describe("operators' internal notes", () => {
  it('show in the case timeline with the author, and never reach a party, an event, the merchant API or the audit text', async () => {
    const { db, merchant, trader, operator, payout, ref } = await setting();
    const note = 'Internal: the trader was late twice this week.';
    await operator.caller.operator.disputeProcess.addNote({ ...ref, note });

    const caseView = await operator.caller.operator.disputes.get(ref);
    expect(caseView.evidence.filter((item) => item.internal).map((item) => [item.party, item.statement, item.authorName])).toEqual([
      ['operator', note, expect.stringMatching(/^Operator /)],
    ]);
    const inText = (value: unknown) => JSON.stringify(value).includes('late twice');
    expect(inText(await listMerchantPayoutEvidence(db, { merchantId: merchant.merchantId, reference: payout.orderNo }))).toBe(false);
    expect(inText(await merchant.caller.merchantOrders.payout({ reference: payout.orderNo }))).toBe(false);
    expect(inText(await trader.caller.trader.evidence.get(ref))).toBe(false);
    expect(inText(await trader.caller.trader.payouts({ group: 'open' }))).toBe(false);
    expect(inText(await db.select().from(outboxEvents).where(eq(outboxEvents.orderId, payout.id)))).toBe(false);
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.targetId, payout.id), eq(auditLog.action, 'dispute.internal_note_added')));
    expect(audits).toHaveLength(1);
    expect(inText(audits)).toBe(false);
    // Parties cannot write one.
    expect(await refusalCode(trader.caller.operator.disputeProcess.addNote({ ...ref, note }))).toBe('FORBIDDEN');
  });
});
