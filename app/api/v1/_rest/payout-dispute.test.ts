import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payout, PayoutCreated } from '../../../../clients/node/corridor-client';
import { orderTimerAdjustments, outboxEvents } from '../../../../db/schema';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { tinyPng } from '../../../../tests/fixtures/images';
import { signedInOperator } from '../../../../tests/trpc/trpc-harness';

let database: TestDatabase;
let merchant: TestMerchant;
let other: TestMerchant;
let traderId: string;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db, '100000.00');
  other = await apiMerchant(database.db, '100000.00');
  traderId = (await payoutTrader(database.db, '7.0000')).traderId;
});
afterAll(async () => {
  await database.close();
});

const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;

async function disputed() {
  const merchantOrderNo = `wd-dispute-${Date.now()}-${Math.random()}`;
  const created = (await merchant.client.createPayout(payoutBody({ merchantOrderNo, fiatAmount: '700.00' }) as never, merchantOrderNo)).body as PayoutCreated;
  await acceptPayout(database.db, { traderId, orderId: created.orderId });
  await submitPayoutProof(database.db, { traderId, orderId: created.orderId, files: [await tinyPng('#335577')] });
  const decided = await merchant.client.decidePayout(created.orderNo, { decision: 'DISPUTE', reason: 'Nothing arrived.' });
  expect(decided.body).toEqual({ status: 'DISPUTED' });
  return { ...created, merchantOrderNo };
}

describe('POST /api/v1/withdrawals/:orderNo/dispute/withdraw', () => {
  it('takes the payout back to PAYMENT_SUBMITTED, writes payout.dispute_withdrawn and a resume row; a second call is DISPUTE_NOT_WITHDRAWABLE', async () => {
    const created = await disputed();
    const answer = await merchant.client.withdrawPayoutDispute(created.merchantOrderNo);
    expect(answer.status).toBe(200);
    expect((answer.body as Payout).status).toBe('PAYMENT_SUBMITTED');
    const events = await database.db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.orderId, created.orderId));
    expect(events.map((event) => event.type)).toContain('payout.dispute_withdrawn');
    const adjustments = await database.db.select().from(orderTimerAdjustments).where(eq(orderTimerAdjustments.orderId, created.orderId));
    expect(adjustments.map((row) => [row.kind, row.timer])).toEqual([
      ['pause', null],
      ['resume', 'merchant_action_due_at'],
    ]);
    const again = await merchant.client.withdrawPayoutDispute(created.orderNo);
    expect([again.status, errorCode(again.body)]).toEqual([409, 'DISPUTE_NOT_WITHDRAWABLE']);
  });

  it("another merchant's payout is ORDER_NOT_FOUND and stays DISPUTED", async () => {
    const created = await disputed();
    const answer = await other.client.withdrawPayoutDispute(created.orderNo);
    expect([answer.status, errorCode(answer.body)]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(((await merchant.client.getPayout(created.orderNo)).body as Payout).status).toBe('DISPUTED');
  });

  it("the evidence list carries the operator's open requests to the merchant, never the internal notes", async () => {
    const created = await disputed();
    const operator = await signedInOperator(database.db);
    const ref = { flow: 'payout' as const, orderId: created.orderId };
    await operator.caller.operator.disputeProcess.requestEvidence({ ...ref, party: 'merchant', message: 'Your customer record, please.', dueInHours: 6 });
    await operator.caller.operator.disputeProcess.requestEvidence({ ...ref, party: 'trader', message: 'For the trader only.', dueInHours: 6 });
    await operator.caller.operator.disputeProcess.addNote({ ...ref, note: 'Operators only: check the KYC file.' });
    const listed = await merchant.client.listPayoutEvidence(created.orderNo);
    expect(listed.status).toBe(200);
    const body = listed.body as { items: unknown[]; openRequests: { message: string; dueAt: string }[] };
    expect(body.openRequests.map((request) => request.message)).toEqual(['Your customer record, please.']);
    expect(body.items).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('KYC');
  });
});
