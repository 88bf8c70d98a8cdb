import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayout } from '../../tests/fixtures/disputes';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { auditActionLabel } from './audit-action-labels';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the audit log as the console shows it', () => {
  it('names the actor and the target and labels the action', async () => {
    const db = database.db;
    const merchant = await merchantWithBalance(db, '100.000000');
    const trader = await traderWithBalance(db, '100.000000');
    const operator = await signedInOperator(db);
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    await operator.caller.operator.disputes.claim({ flow: 'payout', orderId: payout.id });
    await operator.caller.operator.merchants.update({ merchantId: merchant.merchantId, settings: { status: 'suspended' } });

    const { items } = await operator.caller.operator.audit.query({ actorId: operator.userId });
    const claim = items.find((item) => item.action === 'dispute.claim');
    expect(claim).toMatchObject({ actionLabel: 'Dispute claimed', actorName: expect.stringMatching(/^Operator /), targetName: payout.orderNo });
    const update = items.find((item) => item.action === 'merchant.update');
    expect(update).toMatchObject({ actionLabel: 'Merchant settings changed', targetName: expect.stringMatching(/^Merchant /), details: { status: 'suspended' } });
  });

  it('humanises an action without a label', () => {
    expect(auditActionLabel('merchant.webhook.set')).toBe('Webhook endpoint set');
    expect(auditActionLabel('trader.something_new')).toBe('Trader something new');
  });
});
