import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankNotifications, payinOrders, payoutOrders, traderBankAccounts } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { tinyPng } from '../../tests/fixtures/images';
import { insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { acceptPayout } from '../payouts/accept-payout';
import { submitPayoutProof } from '../payouts/submit-payout-proof';
import { runDueTimers } from '../scheduler/run-due-timers';
import { setTraderOnline } from '../traders/set-online';
import { addDisputeEvidence } from './add-dispute-evidence';
import { backtestAutoRulings } from './backtest-auto-rulings';
import { ruleDispute, type RuleDisputeInput } from './rule-dispute';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const HOUR = 3_600_000;

describe('back-test of the automatic rulings', () => {
  it('counts, per rule, the seeded disputes it would have settled and those it would have got wrong against the operators', async () => {
    const db = database.db;
    const merchant = await merchantWithBalance(db, '1000.000000');
    const trader = await traderWithBalance(db, '500.000000');
    const operator = await signedInOperator(db);
    const disputedAtOf = async (flow: 'payout' | 'payin', id: string) => {
      const table = flow === 'payout' ? payoutOrders : payinOrders;
      return (await db.select({ at: table.disputedAt }).from(table).where(eq(table.id, id)))[0]!.at!;
    };
    /** The operator's ruling, `hours` after the dispute opened (after every rule's deadline and window). */
    const rule = async (flow: 'payout' | 'payin', orderId: string, ruling: string, reasonCode: string, hours = 30) => {
      await operator.caller.operator.disputes.claim({ flow, orderId });
      const at = new Date((await disputedAtOf(flow, orderId)).getTime() + hours * HOUR);
      await ruleDispute(db, { input: { flow, orderId, ruling, reasonCode, note: 'Seeded ruling.' } as RuleDisputeInput, operator: { id: operator.userId }, now: at });
    };
    const traderSays = (orderId: string, flow: 'payout' | 'payin', at: Date) =>
      addDisputeEvidence(db, { flow, orderId, party: 'trader', authorId: trader.traderId, statement: 'My side.', files: [], scope: { traderId: trader.traderId }, now: at });
    const buyerSays = (orderId: string, at: Date) => addDisputeEvidence(db, { flow: 'payin', orderId, party: 'buyer', authorId: 'buyer', statement: 'I paid.', files: [], now: at });

    // Merchant silent, proof never contested: two released by the operator (agree), one refunded (wrong).
    for (const ruling of ['release', 'release', 'refund']) {
      const order = await insertPayout(db, merchant.merchantId);
      await setTraderOnline(db, { traderId: trader.traderId, online: true });
      const proofAt = new Date(Date.now() - 26 * HOUR);
      await acceptPayout(db, { traderId: trader.traderId, orderId: order.id }, proofAt);
      await submitPayoutProof(db, { traderId: trader.traderId, orderId: order.id, files: [await tinyPng(`#${randomBytes(3).toString('hex')}`)] }, proofAt);
      // The decision window passes: the scheduler disputes it (no deadline of the other seeded cases is due yet).
      await runDueTimers(db, (await db.select().from(payoutOrders).where(eq(payoutOrders.id, order.id)))[0]!.merchantActionDueAt!);
      await rule('payout', order.id, ruling, ruling === 'release' ? 'proof_valid' : 'payment_not_received');
    }
    // Merchant disputed, trader silent: three refunded (agree), one released (wrong); one where the trader answered (no rule).
    for (const ruling of ['refund', 'refund', 'refund', 'release']) {
      const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
      await rule('payout', payout.id, ruling, ruling === 'refund' ? 'payment_not_received' : 'proof_valid');
    }
    const answered = await disputedPayout(db, merchant.merchantId, trader.traderId);
    await traderSays(answered.id, 'payout', new Date((await disputedAtOf('payout', answered.id)).getTime() + HOUR));
    await rule('payout', answered.id, 'release', 'proof_valid');
    // Pay-in, no buyer evidence and no notification: two failed (agree), one completed (wrong); one where the buyer answered (no rule).
    for (const ruling of ['fail', 'fail', 'complete']) {
      const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
      await rule('payin', payin.id, ruling, ruling === 'fail' ? 'payment_not_received' : 'proof_valid');
    }
    const buyerAnswered = await disputedPayin(db, merchant.merchantId, trader.traderId);
    await buyerSays(buyerAnswered.id, new Date((await disputedAtOf('payin', buyerAnswered.id)).getTime() + HOUR));
    await rule('payin', buyerAnswered.id, 'complete', 'proof_valid');
    // Pay-in with a notification scored above the threshold: one completed (agree), one split (wrong).
    const [account] = await db.insert(traderBankAccounts).values({ traderId: trader.traderId, holderName: 'enc', bankName: 'ICBC', accountNumber: 'enc', accountLast4: '1234' }).returning();
    for (const ruling of ['complete', 'split']) {
      const payin = await disputedPayin(db, merchant.merchantId, trader.traderId);
      await db.insert(bankNotifications).values({
        traderId: trader.traderId,
        bankAccountId: account!.id,
        sender: '95588',
        receivedAt: new Date(),
        rawText: 'enc',
        textHash: createHash('sha256').update(randomBytes(8)).digest('hex'),
        direction: 'credit',
        amount: '72.50',
        matchStatus: 'suggested',
        payinOrderId: payin.id,
        score: 96,
      });
      if (ruling === 'split') {
        await operator.caller.operator.disputes.claim({ flow: 'payin', orderId: payin.id });
        await ruleDispute(db, { input: { flow: 'payin', orderId: payin.id, ruling: 'split', splitAmount: '5.000000', reasonCode: 'wrong_amount_paid', note: 'Seeded split.' }, operator: { id: operator.userId } });
      } else await rule('payin', payin.id, 'complete', 'proof_valid');
    }

    const report = await backtestAutoRulings(db);
    expect(report).toEqual({
      closed: 14,
      rules: {
        payout_proof_uncontested: { settled: 3, agreed: 2, wrong: 1 },
        payout_trader_unresponsive: { settled: 4, agreed: 3, wrong: 1 },
        payin_no_payment_evidence: { settled: 3, agreed: 2, wrong: 1 },
        payin_bank_notification_matched: { settled: 2, agreed: 1, wrong: 1 },
      },
      leftToOperators: 2,
    });
  });
});
