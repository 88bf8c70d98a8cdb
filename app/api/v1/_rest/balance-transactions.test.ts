import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient, type Balance, type PayoutCreated, type StatementEntry, type StatementPage } from '../../../../clients/node/corridor-client';
import { cliActor } from '../../../../server/audit';
import { adjustBalance } from '../../../../server/balances/adjust-balance';
import { claimDispute } from '../../../../server/disputes/claim-dispute';
import { ruleDispute } from '../../../../server/disputes/rule-dispute';
import { Dec } from '../../../../server/money/decimal';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { cancelPayout } from '../../../../server/payouts/cancel-payout';
import { decidePayout } from '../../../../server/payouts/decide-payout';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { payinDetailView } from '../../../../server/payins/payin-view';
import { releasePayin } from '../../../../server/payins/release-payin';
import { applyPayinTransition } from '../../../../server/payins/apply-payin-transition';
import { createOperator } from '../../../../server/users/create-operator';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, payoutBody, payoutTrader, rawRequest, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { startRestHttpServer } from '../../../../tests/security/rest-http-server';
import { disputedPayin, disputedPayout } from '../../../../tests/fixtures/disputes';
import { tinyPng } from '../../../../tests/fixtures/images';
import { insertPayin } from '../../../../tests/fixtures/orders';
import { routes } from './routes';
import { openApiDocument } from './openapi';

let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

async function page(subject: TestMerchant, query: Record<string, string | number | undefined> = {}): Promise<StatementPage> {
  const response = await subject.client.listBalanceTransactions(query);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as StatementPage;
}

/** Every entry, walking the pages with `limit`. */
async function walk(subject: TestMerchant, query: Record<string, string | number | undefined> = {}, limit = 100): Promise<StatementEntry[]> {
  const entries: StatementEntry[] = [];
  let cursor: string | undefined;
  for (;;) {
    const next = await page(subject, { ...query, limit, startingAfter: cursor });
    entries.push(...next.items);
    if (!next.hasMore) return entries;
    cursor = next.nextCursor!;
  }
}

async function csvOf(subject: TestMerchant, query: Record<string, string | undefined> = {}) {
  const response = await subject.client.exportBalanceTransactionsCsv(query);
  return { response, text: await response.text() };
}

async function operatorId() {
  const tag = Math.random().toString(36).slice(2, 10);
  return (await createOperator(database.db, { email: `op-${tag}@test.local`, password: 'correct horse battery', displayName: `Operator ${tag}` }, cliActor)).userId;
}

/** Per account, each entry's balance is the previous one's plus its amount; the newest equals the balance. */
function expectRunningBalances(entries: StatementEntry[], balance: Balance) {
  for (const account of ['available', 'frozen'] as const) {
    const own = entries.filter((entry) => entry.account === account).reverse();
    let running = new Dec(0);
    for (const entry of own) {
      running = running.plus(entry.amount);
      expect(entry.balanceAfter, `entry ${entry.id}`).toBe(running.toFixed(6));
    }
    expect(running.toFixed(6)).toBe(balance[account]);
  }
}

describe('GET /api/v1/balance/transactions', () => {
  it('lists every movement with its type, order, fee and running balance, newest first', async () => {
    const { db } = database;
    const merchant = await apiMerchant(db, '1000.00', { feeBps: 100 });
    const trader = await payoutTrader(db, '7.0000', '1000.00');
    const operator = await operatorId();

    // A payout confirmed by the merchant: freeze, then release with the fee.
    const confirmed = (await merchant.client.createPayout(payoutBody({ merchantOrderNo: 'stmt-confirmed', fiatAmount: '700.00' }) as never, 'stmt-1')).body as PayoutCreated;
    await acceptPayout(db, { traderId: trader.traderId, orderId: confirmed.orderId });
    await submitPayoutProof(db, { traderId: trader.traderId, orderId: confirmed.orderId, files: [await tinyPng('#123456')] });
    await decidePayout(db, { merchantId: merchant.merchantId, reference: confirmed.orderNo, decision: { decision: 'CONFIRM' } });
    // A payout cancelled by an operator: freeze, then unfreeze.
    const cancelled = (await merchant.client.createPayout(payoutBody({ merchantOrderNo: 'stmt-cancelled', fiatAmount: '70.00' }) as never, 'stmt-2')).body as PayoutCreated;
    await cancelPayout(db, { orderId: cancelled.orderId, note: 'stuck', operator: { id: operator } });
    // A disputed payout refunded by the operator's ruling.
    const disputed = await disputedPayout(db, merchant.merchantId, trader.traderId, { amounts: { usdAmount: '20.00', usdFeeAmount: '0.20' } });
    await claimDispute(db, { flow: 'payout', orderId: disputed.id }, { id: operator });
    await ruleDispute(db, { input: { flow: 'payout', orderId: disputed.id, ruling: 'refund', reasonCode: 'other', note: 'nothing arrived' }, operator: { id: operator } });
    // A settled pay-in: credited less its fee.
    const payin = await insertPayin(db, merchant.merchantId, trader.traderId, '10.000000');
    await db.transaction((tx) =>
      applyPayinTransition(tx, { orderId: payin.id, action: 'submit_payment', actor: { type: 'buyer' }, set: (_row, now) => ({ paymentSubmittedAt: now }), eventData: payinDetailView }),
    );
    await releasePayin(db, { traderId: trader.traderId, orderId: payin.id });
    // An operator's debit.
    await adjustBalance(db, { owner: { type: 'merchant', id: merchant.merchantId }, direction: 'debit', amount: '1.5', memo: 'correction' }, cliActor);

    const entries = (await page(merchant, { limit: 100 })).items;
    const summary = entries.map((entry) => [entry.type, entry.account, entry.amount, entry.fee, entry.flow, entry.orderNo]);
    const held = (created: PayoutCreated) => new Dec(created.usdAmount).plus(created.usdFeeAmount).toFixed(6);
    expect(summary).toEqual([
      ['operator_debit', 'available', '-1.500000', '0.000000', null, null],
      ['payin_credit', 'available', '9.950000', '0.050000', 'payin', payin.orderNo],
      ['dispute_refund', 'frozen', '-20.200000', '0.000000', 'payout', disputed.orderNo],
      ['dispute_refund', 'available', '20.200000', '0.000000', 'payout', disputed.orderNo],
      ['payout_freeze', 'frozen', '20.200000', '0.000000', 'payout', disputed.orderNo],
      ['payout_freeze', 'available', '-20.200000', '0.000000', 'payout', disputed.orderNo],
      ['payout_unfreeze', 'frozen', `-${held(cancelled)}`, '0.000000', 'payout', cancelled.orderNo],
      ['payout_unfreeze', 'available', held(cancelled), '0.000000', 'payout', cancelled.orderNo],
      ['payout_freeze', 'frozen', held(cancelled), '0.000000', 'payout', cancelled.orderNo],
      ['payout_freeze', 'available', `-${held(cancelled)}`, '0.000000', 'payout', cancelled.orderNo],
      ['payout_release', 'frozen', `-${held(confirmed)}`, new Dec(confirmed.usdFeeAmount).toFixed(6), 'payout', confirmed.orderNo],
      ['payout_freeze', 'frozen', held(confirmed), '0.000000', 'payout', confirmed.orderNo],
      ['payout_freeze', 'available', `-${held(confirmed)}`, '0.000000', 'payout', confirmed.orderNo],
      ['operator_credit', 'available', '1000.000000', '0.000000', null, null],
    ]);
    expect(entries.find((entry) => entry.orderNo === confirmed.orderNo)).toMatchObject({ orderId: confirmed.orderId, merchantOrderNo: 'stmt-confirmed' });
    expectRunningBalances(entries, (await merchant.client.getBalance()).body as Balance);
  });

  it('a dispute ruled for the trader and a pay-in dispute ruled complete have their own types', async () => {
    const { db } = database;
    const merchant = await apiMerchant(db, '100.00');
    const trader = await payoutTrader(db, '7.0000', '100.00');
    const operator = await operatorId();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    await claimDispute(db, { flow: 'payout', orderId: payout.id }, { id: operator });
    await ruleDispute(db, { input: { flow: 'payout', orderId: payout.id, ruling: 'release', reasonCode: 'other', note: 'proof is good' }, operator: { id: operator } });
    const payin = await disputedPayin(db, merchant.merchantId, trader.traderId, '5.000000');
    await claimDispute(db, { flow: 'payin', orderId: payin.id }, { id: operator });
    await ruleDispute(db, { input: { flow: 'payin', orderId: payin.id, ruling: 'complete', reasonCode: 'other', note: 'it arrived' }, operator: { id: operator } });

    const entries = (await page(merchant)).items;
    expect(entries.slice(0, 2).map((entry) => [entry.type, entry.account, entry.amount, entry.fee])).toEqual([
      ['dispute_payin_credit', 'available', '4.950000', '0.050000'],
      ['dispute_release', 'frozen', '-10.100000', '0.100000'],
    ]);
    expectRunningBalances(entries, (await merchant.client.getBalance()).body as Balance);
  });

  it('split rulings are dispute_split entries, with the fee on the payout frozen debit and on the pay-in credit', async () => {
    const { db } = database;
    const merchant = await apiMerchant(db, '100.00');
    const trader = await payoutTrader(db, '7.0000', '100.00');
    const operator = await operatorId();
    const payout = await disputedPayout(db, merchant.merchantId, trader.traderId);
    await claimDispute(db, { flow: 'payout', orderId: payout.id }, { id: operator });
    await ruleDispute(db, { input: { flow: 'payout', orderId: payout.id, ruling: 'split', reasonCode: 'wrong_amount_paid', splitAmount: '4.00', note: 'part arrived' }, operator: { id: operator } });
    const payin = await disputedPayin(db, merchant.merchantId, trader.traderId, '5.000000');
    await claimDispute(db, { flow: 'payin', orderId: payin.id }, { id: operator });
    await ruleDispute(db, { input: { flow: 'payin', orderId: payin.id, ruling: 'split', reasonCode: 'wrong_amount_paid', splitAmount: '2.5', note: 'half arrived' }, operator: { id: operator } });

    // Payout 10.00 + fee 0.10: the trader 4.00, the fee 0.04, 6.06 back. Pay-in 5 with fee 0.05: share 2.5, fee 0.025, credited 2.475.
    const entries = (await page(merchant)).items;
    expect(entries.slice(0, 3).map((entry) => [entry.type, entry.account, entry.amount, entry.fee])).toEqual([
      ['dispute_split', 'available', '2.475000', '0.025000'],
      ['dispute_split', 'frozen', '-10.100000', '0.040000'],
      ['dispute_split', 'available', '6.060000', '0.000000'],
    ]);
    expectRunningBalances(entries, (await merchant.client.getBalance()).body as Balance);
  });

  it('pages by cursor: the same entries as one page, and a movement made while paging shifts nothing', async () => {
    const { db } = database;
    const merchant = await apiMerchant(db, '10.00');
    for (let index = 1; index <= 6; index += 1) {
      await adjustBalance(db, { owner: { type: 'merchant', id: merchant.merchantId }, direction: 'credit', amount: `${index}`, memo: 'paging' }, cliActor);
    }
    const all = (await page(merchant, { limit: 100 })).items;
    expect(all).toHaveLength(7);

    const first = await page(merchant, { limit: 3 });
    expect(first).toMatchObject({ hasMore: true, nextCursor: first.items[2]!.id });
    // A new movement lands above the first page, never inside the pages still to read.
    await adjustBalance(db, { owner: { type: 'merchant', id: merchant.merchantId }, direction: 'credit', amount: '100', memo: 'while paging' }, cliActor);
    const second = await page(merchant, { limit: 3, startingAfter: first.nextCursor! });
    const third = await page(merchant, { limit: 3, startingAfter: second.nextCursor! });
    expect(third).toMatchObject({ hasMore: false, nextCursor: null });
    expect([...first.items, ...second.items, ...third.items]).toEqual(all);

    const fresh = await page(merchant, { limit: 1 });
    expect(fresh.items[0]).toMatchObject({ type: 'operator_credit', amount: '100.000000', balanceAfter: '131.000000' });
    expect(await walk(merchant, {}, 2)).toEqual([fresh.items[0], ...all]);
  });

  it('paged and exported while payouts settle and credits arrive at once: each account shows its history up to a point, no gaps, no repeats', async () => {
    const { db } = database;
    const merchant = await apiMerchant(db, '1000.00', { feeBps: 100 });
    const trader = await payoutTrader(db, '7.0000', '10.00');
    const submitted: PayoutCreated[] = [];
    for (let index = 0; index < 6; index += 1) {
      const created = (await merchant.client.createPayout(payoutBody({ fiatAmount: '14.00' }) as never, `stmt-race-${index}`)).body as PayoutCreated;
      await acceptPayout(db, { traderId: trader.traderId, orderId: created.orderId });
      await submitPayoutProof(db, { traderId: trader.traderId, orderId: created.orderId, files: [await tinyPng(`#0000${index}0`)] });
      submitted.push(created);
    }
    // Releases post to the frozen account, credits to the available one: two row locks, so
    // postings of the two accounts commit in any order while the readers page and export.
    const walked: StatementEntry[][] = [];
    const readers = async () => {
      for (let round = 0; round < 4; round += 1) walked.push(await walk(merchant, {}, 2));
    };
    const exports: string[] = [];
    const exporter = async () => {
      for (let round = 0; round < 3; round += 1) exports.push((await csvOf(merchant)).text);
    };
    await Promise.all([
      ...submitted.map((created) => decidePayout(db, { merchantId: merchant.merchantId, reference: created.orderNo, decision: { decision: 'CONFIRM' } })),
      ...Array.from({ length: 10 }, () => adjustBalance(db, { owner: { type: 'merchant', id: merchant.merchantId }, direction: 'credit', amount: '0.5', memo: 'race' }, cliActor)),
      readers(),
      exporter(),
    ]);
    const final = await walk(merchant);
    expectRunningBalances(final, (await merchant.client.getBalance()).body as Balance);

    for (const account of ['available', 'frozen'] as const) {
      const history = final.filter((entry) => entry.account === account).reverse();
      for (const seen of walked) {
        const own = seen.filter((entry) => entry.account === account).reverse();
        expect(new Set(seen.map((entry) => entry.id)).size).toBe(seen.length);
        // A prefix of the account's history: everything up to the newest it saw, as it stands now.
        expect(own).toEqual(history.slice(0, own.length));
      }
      for (const text of exports) {
        const rows = text.split('\r\n').slice(1, -1).filter((line) => line.split(',')[2] === account).map((line) => line.split(',').slice(0, 7).join(','));
        expect(rows).toEqual(history.slice(0, rows.length).map((entry) => [entry.id, entry.createdAt, entry.account, entry.type, entry.amount, entry.fee, entry.balanceAfter].join(',')));
      }
    }
  });

  it('filters by account and by time (from inclusive, to exclusive), balances still counting what is left out', async () => {
    const { db } = database;
    const merchant = await apiMerchant(db, '500.00');
    await payoutTrader(db);
    await merchant.client.createPayout(payoutBody({ fiatAmount: '70.00' }) as never, 'stmt-filter-1');
    const all = await walk(merchant);
    expect(all).toHaveLength(3);

    const frozen = await walk(merchant, { account: 'frozen' });
    expect(frozen).toEqual(all.filter((entry) => entry.account === 'frozen'));
    expect((await walk(merchant, { account: 'available' })).map((entry) => entry.id)).toEqual(all.filter((entry) => entry.account === 'available').map((entry) => entry.id));

    const funding = all.at(-1)!;
    const later = all[0]!;
    expect(await walk(merchant, { from: funding.createdAt, to: funding.createdAt })).toEqual([]);
    const fromFunding = await walk(merchant, { from: funding.createdAt });
    expect(fromFunding.at(-1)).toEqual(funding);
    const beforeFunding = await walk(merchant, { to: funding.createdAt });
    expect(beforeFunding).toEqual([]);
    const afterFunding = await walk(merchant, { from: new Date(Date.parse(funding.createdAt) + 1).toISOString() });
    expect(afterFunding).toEqual(all.filter((entry) => Date.parse(entry.createdAt) > Date.parse(funding.createdAt)));
    // Filtered pages carry the same balances as the unfiltered statement.
    expect(afterFunding.every((entry) => all.some((other) => other.id === entry.id && other.balanceAfter === entry.balanceAfter))).toBe(true);
    expect(await walk(merchant, { from: '2000-01-01', to: '2000-01-02' })).toEqual([]);
    expect(later.createdAt >= funding.createdAt).toBe(true);
  });

  it("shows each merchant only its own entries, whatever the filters or a cursor taken from another's pages", async () => {
    const { db } = database;
    const victim = await apiMerchant(db, '5000.00');
    const attacker = await apiMerchant(db, '1.00');
    for (let index = 0; index < 3; index += 1) {
      await adjustBalance(db, { owner: { type: 'merchant', id: victim.merchantId }, direction: 'credit', amount: '1', memo: 'victim' }, cliActor);
    }
    const victimEntries = await walk(victim);
    const own = await walk(attacker);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ type: 'operator_credit', amount: '1.000000', balanceAfter: '1.000000' });
    const queries: Record<string, string>[] = [
      {},
      { account: 'available' },
      { from: '1970-01-01', to: '9999-12-31' },
      { startingAfter: victimEntries[0]!.id },
      { startingAfter: String(Number(victimEntries[0]!.id) + 1000) },
    ];
    for (const query of queries) {
      const items = (await page(attacker, query)).items;
      expect(items.every((entry) => own.some((mine) => mine.id === entry.id))).toBe(true);
      const { text } = await csvOf(attacker, { ...query, startingAfter: undefined });
      for (const entry of victimEntries) expect(text).not.toContain(`\r\n${entry.id},`);
    }
    const smuggled = await attacker.client.request('GET', '/api/v1/balance/transactions', { query: { merchantId: victim.merchantId } });
    expect([smuggled.status, code(smuggled.body)]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it("declares the balance:read scope, in the route table and the document's security", () => {
    const route = routes.find((candidate) => candidate.operationId === 'listBalanceTransactions')!;
    expect(route).toMatchObject({ method: 'GET', path: 'balance/transactions', auth: 'merchant', scopes: ['balance:read'] });
    const document = openApiDocument() as { paths: Record<string, { get: { security: unknown; responses: Record<string, { content: Record<string, unknown> }> } }> };
    const operation = document.paths['/api/v1/balance/transactions']!.get;
    expect(operation.security).toEqual([{ merchantKey: ['balance:read'], timestamp: [], nonce: [], signature: [] }]);
    expect(Object.keys(operation.responses['200']!.content)).toEqual(['application/json', 'text/csv']);
  });

  it('validates every parameter at its limits, and a refused request changes nothing', async () => {
    const merchant = await apiMerchant(database.db, '3.00');
    const accepted: Record<string, string>[] = [
      { limit: '1' },
      { limit: '100' },
      { startingAfter: '1' },
      { startingAfter: '9223372036854775807' },
      { from: '1970-01-01', to: '9999-12-31T23:59:59Z' },
      { from: '2026-11-23T00:00:00+08:00', to: '2026-11-23T00:00:00+08:00' },
      { account: 'frozen' },
    ];
    for (const query of accepted) expect((await merchant.client.listBalanceTransactions(query)).status, JSON.stringify(query)).toBe(200);
    const refused: Record<string, string>[] = [
      { limit: '0' },
      { limit: '101' },
      { limit: '-1' },
      { limit: '1.5' },
      { limit: '' },
      { startingAfter: '0' },
      { startingAfter: '9223372036854775808' },
      { startingAfter: '12345678901234567890' },
      { startingAfter: 'abc' },
      { startingAfter: '-5' },
      { from: '0000-01-01' },
      { to: '10000-01-01' },
      { from: 'yesterday' },
      { from: '2026-02-30' },
      { from: '2026-11-24', to: '2026-11-23' },
      { account: 'escrow' },
      { account: 'AVAILABLE' },
      { page: '1' },
      { account: 'available\u0000' },
    ];
    for (const query of refused) {
      const response = await merchant.client.listBalanceTransactions(query);
      expect([response.status, code(response.body)], JSON.stringify(query)).toEqual([400, 'VALIDATION_FAILED']);
    }
    // The export takes the filters only: a page's limit or cursor there is a mistake, answered in JSON.
    for (const query of [{ limit: '10' }, { startingAfter: '5' }, { from: '2026-11-24', to: '2026-11-23' }, { account: 'fees' }]) {
      const response = await merchant.client.exportBalanceTransactionsCsv(query);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect([response.status, code(await response.json())], JSON.stringify(query)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await walk(merchant)).map((entry) => entry.amount)).toEqual(['3.000000']);
  });
});

describe('GET /api/v1/balance/transactions with Accept: text/csv', () => {
  it('streams the statement oldest first with a header row, its last balances equal to the balance', async () => {
    const { db } = database;
    const merchant = await apiMerchant(db, '800.00', { feeBps: 100 });
    await payoutTrader(db);
    await merchant.client.createPayout(payoutBody({ merchantOrderNo: 'csv-1', fiatAmount: '70.00' }) as never, 'csv-1');
    await adjustBalance(db, { owner: { type: 'merchant', id: merchant.merchantId }, direction: 'credit', amount: '0.000001', memo: 'tiny' }, cliActor);
    const entries = await walk(merchant);

    const { response, text } = await csvOf(merchant);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="corridor-statement.csv"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('id,created_at,account,type,amount,fee,balance_after,flow,order_no,merchant_order_no');
    const expected = [...entries]
      .reverse()
      .map((entry) => [entry.id, entry.createdAt, entry.account, entry.type, entry.amount, entry.fee, entry.balanceAfter, entry.flow ?? '', entry.orderNo ?? '', entry.merchantOrderNo ?? ''].join(','));
    expect(lines.slice(1)).toEqual(expected);

    const balance = (await merchant.client.getBalance()).body as Balance;
    const lastOf = (account: string) => lines.filter((line) => line.split(',')[2] === account).at(-1)!.split(',')[6];
    expect([lastOf('available'), lastOf('frozen')]).toEqual([balance.available, balance.frozen]);
  });

  it('applies the filters as the JSON pages do', async () => {
    const { db } = database;
    const merchant = await apiMerchant(db, '500.00');
    await payoutTrader(db);
    await merchant.client.createPayout(payoutBody({ fiatAmount: '70.00' }) as never, 'csv-filter-1');
    for (const query of [{ account: 'frozen' }, { account: 'available' }, { from: '2000-01-01', to: '2000-01-02' }, { from: new Date(Date.now() - 60_000).toISOString() }]) {
      const entries = await walk(merchant, query);
      const { text } = await csvOf(merchant, query);
      const ids = text.split('\r\n').slice(1, -1).map((line) => line.split(',')[0]);
      const balances = text.split('\r\n').slice(1, -1).map((line) => line.split(',')[6]);
      expect(ids, JSON.stringify(query)).toEqual(entries.map((entry) => entry.id).reverse());
      expect(balances).toEqual(entries.map((entry) => entry.balanceAfter).reverse());
    }
    // Nothing in range: the header row alone.
    expect((await csvOf(merchant, { from: '2000-01-01', to: '2000-01-02' })).text).toBe('id,created_at,account,type,amount,fee,balance_after,flow,order_no,merchant_order_no\r\n');
  });

  it("quotes merchant text and makes a formula inert", async () => {
    const { db } = database;
    const merchant = await apiMerchant(db, '500.00');
    await payoutTrader(db);
    const names = ['=HYPERLINK("http://evil.example","x")', '+1,2', '-3', '@SUM(A1)', 'plain'];
    for (const name of names) await merchant.client.createPayout(payoutBody({ merchantOrderNo: name, fiatAmount: '7.00' }) as never, `csv-${name}`);
    const { text } = await csvOf(merchant, { account: 'frozen' });
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")"\r\n`);
    expect(text).toContain(`,"'+1,2"\r\n`);
    expect(text).toContain(`,'-3\r\n`);
    expect(text).toContain(`,'@SUM(A1)\r\n`);
    expect(text).toContain(',plain\r\n');
    expect(text.split('\r\n').slice(1, -1)).toHaveLength(5);
    // Amounts are the ledger's numbers, negative ones included, never prefixed.
    const withdrawals = (await csvOf(merchant, { account: 'available' })).text;
    expect(withdrawals).toMatch(/,payout_freeze,-\d+\.\d{6},/);
  });

  it('answers JSON unless Accept asks for text/csv above application/json', async () => {
    const merchant = await apiMerchant(database.db, '1.00');
    const cases: [string | null, string][] = [
      [null, 'application/json'],
      ['*/*', 'application/json'],
      ['text/*', 'application/json'],
      ['application/json', 'application/json'],
      ['application/json, text/csv;q=0.5', 'application/json'],
      ['text/csv;q=0', 'application/json'],
      ['text/csv', 'text/csv'],
      ['TEXT/CSV', 'text/csv'],
      ['text/csv, application/json', 'text/csv'],
      ['application/json;q=0.4, text/csv;q=0.9', 'text/csv'],
    ];
    for (const [accept, expected] of cases) {
      const response = await rawRequest({ path: '/api/v1/balance/transactions', apiKey: merchant.apiKey, apiSecret: merchant.apiSecret, headers: { accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type'), String(accept)).toMatch(new RegExp(`^${expected.replace('/', '\\/')}`));
      await response.text();
    }
  });

  it('streams over a real HTTP server as a chunked body the client reads as it comes', async () => {
    const merchant = await apiMerchant(database.db, '5.00');
    for (let index = 0; index < 5; index += 1) {
      await adjustBalance(database.db, { owner: { type: 'merchant', id: merchant.merchantId }, direction: 'credit', amount: '1', memo: 'http' }, cliActor);
    }
    const server = await startRestHttpServer();
    try {
      const client = new CorridorClient({ baseUrl: `http://127.0.0.1:${server.port}`, apiKey: merchant.apiKey, apiSecret: merchant.apiSecret });
      const response = await client.exportBalanceTransactionsCsv();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      const lines = (await response.text()).split('\r\n').slice(1, -1);
      expect(lines.map((line) => line.split(',')[6])).toEqual(['5.000000', '6.000000', '7.000000', '8.000000', '9.000000', '10.000000']);
    } finally {
      await server.close();
    }
  });

  it('refuses a bad signature before streaming anything', async () => {
    const merchant = await apiMerchant(database.db, '1.00');
    const response = await inProcessFetch(`${BASE_URL}/api/v1/balance/transactions`, { headers: { accept: 'text/csv', 'x-api-key': merchant.apiKey } });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.status).toBe(401);
  });
});
