import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin } from '../../tests/fixtures/disputes';
import { tinyPng } from '../../tests/fixtures/images';
import { insertPayin, insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { cliActor } from '../audit';
import { claimDispute } from '../disputes/claim-dispute';
import { ruleDispute } from '../disputes/rule-dispute';
import { isDomainError } from '../errors';
import { balancesOf } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger/check-invariants';
import { Dec } from '../money/decimal';
import { payinDetailView } from '../payins/payin-view';
import { releasePayin } from '../payins/release-payin';
import { acceptPayout } from '../payouts/accept-payout';
import { cancelPayout } from '../payouts/cancel-payout';
import { decidePayout } from '../payouts/decide-payout';
import { submitPayoutProof } from '../payouts/submit-payout-proof';
import { applyPayinTransition } from '../payins/apply-payin-transition';
import { setTraderOnline } from '../traders/set-online';
import { createOperator } from '../users/create-operator';
import { adjustBalance } from './adjust-balance';
import { listStatement } from './list-statement';
import type { StatementEntry } from './statement.schema';
import { streamStatementCsv } from './stream-statement-csv';

/**
 * Random sequences of what moves a merchant's money (payouts created, accepted, proven, confirmed,
 * disputed and ruled on, cancelled by an operator; pay-ins settled or disputed and ruled on;
 * operator credits and debits), through the real domain functions. Then the statement, walked
 * page by page and exported as CSV, must add up to the ledger: per account, the amounts sum to the
 * balance and each entry's balance is the one before plus its amount.
 */

let database: TestDatabase;
let traderId: string;
let operatorId: string;
let proof: Uint8Array;

beforeAll(async () => {
  database = await createTestDatabase();
  traderId = (await traderWithBalance(database.db, '1000000.00')).traderId;
  await setTraderOnline(database.db, { traderId, online: true });
  operatorId = (await createOperator(database.db, { email: 'statement-op@test.local', password: 'correct horse battery', displayName: 'Statement operator' }, cliActor)).userId;
  proof = await tinyPng('#336699');
});
afterAll(async () => {
  await database.close();
});

const amount = fc.integer({ min: 1, max: 40_000 }).map((cents) => new Dec(cents).div(100).toFixed(2));
const fee = fc.integer({ min: 0, max: 300 }).map((cents) => new Dec(cents).div(100).toFixed(2));
/** A payout taken along one whole path at once: single random steps on random payouts seldom line up. */
const payoutPaths = ['open', 'accepted', 'proven', 'confirm', 'dispute_release', 'dispute_refund', 'cancel'] as const;
const action = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('payout_path' as const), usd: amount, fee, path: fc.constantFrom(...payoutPaths) }), weight: 3 },
  fc.record({ kind: fc.constant('create_payout' as const), usd: amount, fee }),
  fc.record({ kind: fc.constantFrom('accept' as const, 'proof' as const, 'confirm' as const, 'dispute' as const, 'cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('rule_payout' as const), pick: fc.nat(), ruling: fc.constantFrom('release' as const, 'refund' as const) }),
  fc.record({ kind: fc.constant('payin' as const), asset: amount.map((value) => `${value}0000`), disputed: fc.boolean(), ruling: fc.constantFrom('complete' as const, 'fail' as const) }),
  fc.record({ kind: fc.constantFrom('credit' as const, 'debit' as const), amount }),
);
type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

const operator = () => ({ id: operatorId });

/** Applies one action; a refusal by the domain (wrong state, not enough balance) changes nothing and is fine. */
async function apply(db: Db, merchantId: string, payouts: { id: string; orderNo: string }[], step: Action) {
  const payout = 'pick' in step && payouts.length > 0 ? payouts[step.pick % payouts.length]! : undefined;
  try {
    switch (step.kind) {
      case 'create_payout':
        payouts.push(await insertPayout(db, merchantId, { usdAmount: step.usd, usdFeeAmount: step.fee }));
        return;
      case 'accept':
        if (payout) await acceptPayout(db, { traderId, orderId: payout.id });
        return;
      case 'proof':
        if (payout) await submitPayoutProof(db, { traderId, orderId: payout.id, files: [proof] });
        return;
      case 'confirm':
        if (payout) await decidePayout(db, { merchantId, reference: payout.orderNo, decision: { decision: 'CONFIRM' } });
        return;
      case 'dispute':
        if (payout) await decidePayout(db, { merchantId, reference: payout.orderNo, decision: { decision: 'DISPUTE', reason: 'nothing arrived' } });
        return;
      case 'cancel':
        if (payout) await cancelPayout(db, { orderId: payout.id, note: 'stuck', operator: operator() });
        return;
      case 'rule_payout':
        if (!payout) return;
        await claimDispute(db, { flow: 'payout', orderId: payout.id }, operator());
        await ruleDispute(db, { input: { flow: 'payout', orderId: payout.id, ruling: step.ruling, reasonCode: 'other', note: 'ruled' }, operator: operator() });
        return;
      case 'payout_path': {
        const order = await insertPayout(db, merchantId, { usdAmount: step.usd, usdFeeAmount: step.fee });
        payouts.push(order);
        const path = step.path;
        if (path === 'cancel') return void (await cancelPayout(db, { orderId: order.id, note: 'stuck', operator: operator() }));
        if (path === 'open') return;
        await acceptPayout(db, { traderId, orderId: order.id });
        if (path === 'accepted') return;
        await submitPayoutProof(db, { traderId, orderId: order.id, files: [proof] });
        if (path === 'proven') return;
        if (path === 'confirm') return void (await decidePayout(db, { merchantId, reference: order.orderNo, decision: { decision: 'CONFIRM' } }));
        await decidePayout(db, { merchantId, reference: order.orderNo, decision: { decision: 'DISPUTE', reason: 'nothing arrived' } });
        await claimDispute(db, { flow: 'payout', orderId: order.id }, operator());
        await ruleDispute(db, { input: { flow: 'payout', orderId: order.id, ruling: path === 'dispute_release' ? 'release' : 'refund', reasonCode: 'other', note: 'ruled' }, operator: operator() });
        return;
      }
      case 'payin': {
        if (step.disputed) {
          const order = await disputedPayin(db, merchantId, traderId, step.asset);
          await claimDispute(db, { flow: 'payin', orderId: order.id }, operator());
          await ruleDispute(db, { input: { flow: 'payin', orderId: order.id, ruling: step.ruling, reasonCode: 'other', note: 'ruled' }, operator: operator() });
          return;
        }
        const order = await insertPayin(db, merchantId, traderId, step.asset);
        await db.transaction((tx) =>
          applyPayinTransition(tx, { orderId: order.id, action: 'submit_payment', actor: { type: 'buyer' }, set: (_row, now) => ({ paymentSubmittedAt: now }), eventData: payinDetailView }),
        );
        await releasePayin(db, { traderId, orderId: order.id });
        return;
      }
      case 'credit':
      case 'debit':
        await adjustBalance(db, { owner: { type: 'merchant', id: merchantId }, direction: step.kind, amount: step.amount, memo: 'random' }, cliActor);
        return;
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    expect(['INVALID_ORDER_STATE', 'INSUFFICIENT_BALANCE', 'ACTION_NOT_ALLOWED', 'CLAIM_REQUIRED', 'ORDER_NOT_FOUND']).toContain(error.code);
  }
}

async function walkStatement(db: Db, merchantId: string, limit: number): Promise<StatementEntry[]> {
  const entries: StatementEntry[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await listStatement(db, { merchantId, query: { limit, startingAfter } });
    entries.push(...page.items);
    if (!page.hasMore) return entries;
    startingAfter = page.nextCursor!;
  }
}

async function csvLines(db: Db, merchantId: string, batchSize: number): Promise<string[]> {
  const stream = await streamStatementCsv(db, { merchantId, filters: {}, batchSize });
  const text = await new Response(stream).text();
  return text.split('\r\n').slice(1, -1);
}

describe('the statement adds up to the ledger', () => {
  it('after random payouts, pay-ins, cancels and disputes: sums equal balances, running balances chain', async () => {
    const { db } = database;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 14 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 5 }), async (steps, pageSize, batchSize) => {
        const { merchantId } = await merchantWithBalance(db, '500.00');
        const payouts: { id: string; orderNo: string }[] = [];
        for (const step of steps) await apply(db, merchantId, payouts, step);

        const entries = await walkStatement(db, merchantId, pageSize);
        const balances = await balancesOf(db, 'merchant', merchantId);
        const ids = entries.map((entry) => BigInt(entry.id));
        expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
        expect(new Set(ids).size).toBe(ids.length);
        for (const account of ['available', 'frozen'] as const) {
          const oldestFirst = entries.filter((entry) => entry.account === account).reverse();
          let running = new Dec(0);
          for (const entry of oldestFirst) {
            running = running.plus(entry.amount);
            expect(entry.balanceAfter).toBe(running.toFixed(6));
            expect(entry.type).not.toBe('other');
            seen.add(entry.type);
          }
          expect(running.toFixed(6)).toBe(new Dec(balances[account] ?? 0).toFixed(6));
        }

        // The export is the same statement, oldest first.
        const lines = await csvLines(db, merchantId, batchSize);
        expect(lines.map((line) => line.split(',').slice(0, 7).join(','))).toEqual(
          [...entries].reverse().map((entry) => [entry.id, entry.createdAt, entry.account, entry.type, entry.amount, entry.fee, entry.balanceAfter].join(',')),
        );
        expect((await checkLedgerInvariants(db)).ok).toBe(true);
      }),
      {
        numRuns: 25,
        // One history with every kind of movement, besides the random ones: a disputed pay-in ruled
        // complete is one step in 32 of a random history, and 25 histories could miss it.
        examples: [
          [
            [
              { kind: 'payin', asset: '100.000000', disputed: true, ruling: 'complete' },
              { kind: 'payin', asset: '50.000000', disputed: false, ruling: 'fail' },
              { kind: 'payout_path', usd: '10.00', fee: '0.10', path: 'confirm' },
              { kind: 'payout_path', usd: '11.00', fee: '0.10', path: 'dispute_release' },
              { kind: 'payout_path', usd: '12.00', fee: '0.10', path: 'dispute_refund' },
              { kind: 'payout_path', usd: '13.00', fee: '0.10', path: 'cancel' },
              { kind: 'credit', amount: '5.00' },
              { kind: 'debit', amount: '1.00' },
            ],
            3,
            2,
          ],
        ],
      },
    );
    // The runs went through every kind of movement, so the sums above were tested on each.
    expect([...seen].sort()).toEqual(
      ['dispute_payin_credit', 'dispute_refund', 'dispute_release', 'operator_credit', 'operator_debit', 'payin_credit', 'payout_freeze', 'payout_release', 'payout_unfreeze'],
    );
  }, 300_000);
});
