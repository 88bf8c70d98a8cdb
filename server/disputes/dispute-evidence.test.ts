import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerPostings, ledgerTransfers, outboxEvents } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { tinyPng } from '../../tests/fixtures/images';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { isDomainError } from '../errors';
import { Dec } from '../money/decimal';
import { merchantEventResponse } from '../outbox/merchant-event.schema';
import { addDisputeEvidence } from './add-dispute-evidence';
import { payoutDisputeResolvedData } from './dispute-resolution.schema';
import { loadEvidenceImage } from './load-evidence-image';

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

/** What the ruling's ledger transfer paid to each side, read from its postings. */
async function rulingLegs(orderId: string) {
  const db = database.db;
  const transfers = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.orderId, orderId), inArray(ledgerTransfers.kind, ['payout.release', 'payout.unfreeze'])));
  expect(transfers).toHaveLength(1);
  const postings = await db.select().from(ledgerPostings).where(eq(ledgerPostings.transferId, transfers[0]!.id));
  const sum = (match: RegExp) => postings.filter((posting) => match.test(posting.accountId)).reduce((total, posting) => total.plus(posting.amount), new Dec(0));
  return { trader: sum(/^trader:.*:available$/), merchant: sum(/^merchant:.*:available$/), fee: sum(/^platform:fees/) };
}

async function resolvedEventOf(orderId: string) {
  const [event] = await database.db
    .select({ payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.orderId, orderId), eq(outboxEvents.type, 'payout.dispute_resolved')));
  return event!.payload as { type: string; data: Record<string, unknown> & { resolution: { outcome: string; traderAmount: string; merchantAmount: string; feeAmount: string; note: string } } };
}

describe('payout.dispute_resolved carries the ruling', () => {
  for (const [ruling, outcome] of [
    ['release', 'released'],
    ['refund', 'refunded'],
  ] as const) {
    it(`${ruling}: outcome ${outcome}, amounts equal to the ruling's ledger legs, and the operator's note`, async () => {
      const { db, merchant, trader, operator } = await parties();
      const payout = await disputedPayout(db, merchant.merchantId, trader.traderId, { amounts: { usdAmount: '123.45', usdFeeAmount: '0.62' } });
      const ref = { flow: 'payout' as const, orderId: payout.id };
      await operator.caller.operator.disputes.claim(ref);
      await operator.caller.operator.disputes.rule({ ...ref, ruling, reasonCode: 'proof_valid', note: '  The bank statement settles it.  ' });

      const event = await resolvedEventOf(payout.id);
      const legs = await rulingLegs(payout.id);
      const { resolution } = event.data;
      expect(resolution.outcome).toBe(outcome);
      expect(resolution.note).toBe('The bank statement settles it.');
      expect([new Dec(resolution.traderAmount), new Dec(resolution.merchantAmount), new Dec(resolution.feeAmount)].map(String)).toEqual(
        [legs.trader, legs.merchant, legs.fee].map(String),
      );
      expect(resolution).toMatchObject(
        ruling === 'release'
          ? { traderAmount: '123.45', merchantAmount: '0.00', feeAmount: '0.62' }
          : { traderAmount: '0.00', merchantAmount: '124.07', feeAmount: '0.00' },
      );
      // The rest of data is still the payout's detail, and the body is what the schemas publish.
      expect(event.data).toMatchObject({ orderId: payout.id, status: ruling === 'release' ? 'COMPLETED' : 'CANCELLED' });
      expect(payoutDisputeResolvedData.strict().safeParse(event.data).success).toBe(true);
      expect(merchantEventResponse.safeParse(event).success).toBe(true);
    });
  }
});

describe("the operator's case shows the parties' evidence", () => {
  it('lists each item with party, time, statement as written and its images; flags an image also used as proof elsewhere', async () => {
    const { db, merchant, trader, operator } = await parties();
    const slip = await tinyPng('#3c8d2f');
    const other = await disputedPayout(db, merchant.merchantId, trader.traderId, { files: [slip] });
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const statement = 'Recipient says <b>nothing</b> arrived.\nSee the statement.';
    const added = await addDisputeEvidence(db, {
      flow: 'payout',
      orderId: payout.id,
      party: 'merchant',
      authorId: merchant.merchantId,
      statement,
      files: [slip, await tinyPng('#123456')],
      scope: { merchantId: merchant.merchantId },
    });

    const view = await operator.caller.operator.disputes.get({ flow: 'payout', orderId: payout.id });
    expect(view.evidence).toHaveLength(1);
    expect(view.evidence[0]).toMatchObject({ id: added.id, party: 'merchant', statement, createdAt: added.createdAt });
    expect(view.evidence[0]!.files.map((file) => file.duplicates)).toEqual([[{ flow: 'payout', orderId: other.id, orderNo: other.orderNo }], []]);
    // And the other order's proof now points back at the evidence's order.
    const otherView = await operator.caller.operator.disputes.get({ flow: 'payout', orderId: other.id });
    expect(otherView.proofs[0]!.duplicates).toEqual([{ flow: 'payout', orderId: payout.id, orderNo: payout.orderNo }]);

    const image = await loadEvidenceImage(db, added.files[0]!.id);
    expect(image.contentType).toBe('image/png');
    expect(image.data.length).toBe(added.files[0]!.byteSize);
  });

  it('pay-in cases show evidence too (the domain takes any party); another order is not found for a scoped author', async () => {
    const { db, merchant, trader, operator } = await parties();
    const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
    await addDisputeEvidence(db, { flow: 'payin', orderId: payin.id, party: 'trader', authorId: trader.traderId, statement: 'No transfer on my account.', files: [], scope: { traderId: trader.traderId } });
    const view = await operator.caller.operator.disputes.get({ flow: 'payin', orderId: payin.id });
    expect(view.evidence.map((item) => [item.party, item.statement])).toEqual([['trader', 'No transfer on my account.']]);

    const stranger = await traderWithBalance(db, '0');
    const refused = await addDisputeEvidence(db, { flow: 'payin', orderId: payin.id, party: 'trader', authorId: stranger.traderId, statement: 'Not mine', files: [], scope: { traderId: stranger.traderId } }).catch((error: unknown) => error);
    expect(isDomainError(refused, 'ORDER_NOT_FOUND')).toBe(true);
  });

  it('an evidence image is NOT_FOUND by a malformed or unknown id', async () => {
    for (const id of ['not-a-uuid', randomUUID()]) {
      const refused = await loadEvidenceImage(database.db, id).catch((error: unknown) => error);
      expect(isDomainError(refused, 'NOT_FOUND')).toBe(true);
    }
  });
});
