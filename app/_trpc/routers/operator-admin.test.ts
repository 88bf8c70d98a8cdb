import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient, type Payout } from '../../../clients/node/corridor-client';
import { auditLog, outboxEvents, solvencyChecks } from '../../../db/schema';
import { signInWithPassword } from '../../../server/auth/sign-in';
import { totpCode, totpStep } from '../../../server/auth/totp';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, payoutBody, type TestMerchant } from '../../../tests/api/api-harness';
import type { TestDatabase } from '../../../tests/db/test-database';
import { insertPayout } from '../../../tests/fixtures/orders';
import { refusalCode } from '../../../tests/trpc/refusal-code';
import { signedInOperator, signedInTrader } from '../../../tests/trpc/trpc-harness';
import { balancesOf } from '../../../server/ledger/balances';
import { Dec } from '../../../server/money/decimal';

let database: TestDatabase;
let merchant: TestMerchant;
let operator: Awaited<ReturnType<typeof signedInOperator>>;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db, '1000.00');
  operator = await signedInOperator(database.db);
});
afterAll(async () => {
  await database.close();
});

const auditOf = (action: string, targetId: string) =>
  database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

describe('overdue and unmatched payouts', () => {
  it('lists an unmatched payout, reassigns it to the pool with a note, then cancels it and unfreezes the merchant', async () => {
    const db = database.db;
    const order = await insertPayout(db, merchant.merchantId);
    const listed = await operator.caller.operator.stuckPayouts.list({ unmatchedAfterMinutes: 0 });
    expect(listed.items.map((item) => item.orderNo)).toContain(order.orderNo);
    expect((await operator.caller.operator.stuckPayouts.list({})).items.map((item) => item.orderNo)).not.toContain(order.orderNo); // inside its match window
    const frozen = (await balancesOf(db, 'merchant', merchant.merchantId)).frozen;

    expect(await refusalCode(operator.caller.operator.stuckPayouts.reassign({ orderId: order.id, note: '  ' }))).toBe('BAD_REQUEST');
    expect((await operator.caller.operator.stuckPayouts.reassign({ orderId: order.id, note: 'Nobody took it; back to the pool.' })).status).toBe('PENDING_MATCH');
    expect((await balancesOf(db, 'merchant', merchant.merchantId)).frozen).toBe(frozen);
    expect(await auditOf('payout.reassign', order.id)).toHaveLength(1);

    const before = await balancesOf(db, 'merchant', merchant.merchantId);
    expect((await operator.caller.operator.stuckPayouts.cancel({ orderId: order.id, note: 'Merchant asked to cancel.' })).status).toBe('CANCELLED');
    const after = await balancesOf(db, 'merchant', merchant.merchantId);
    expect([after.available, after.frozen]).toEqual([new Dec(before.available!).plus('10.10').toFixed(6), new Dec(before.frozen!).minus('10.10').toFixed(6)]);
    const events = (await db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.orderId, order.id))).map((row) => row.type);
    expect(events).toEqual(['payout.reassigned', 'payout.cancelled']);
    expect(await refusalCode(operator.caller.operator.stuckPayouts.cancel({ orderId: order.id, note: 'Again.' }))).toBe('INVALID_ORDER_STATE');
  });
});

describe('traders: credit and debit', () => {
  it('credits and debits USDT against the external account, audited; a debit beyond the balance is refused and changes nothing', async () => {
    const trader = await signedInTrader(database.db, '50.000000');
    const owner = { type: 'trader' as const, id: trader.traderId };
    const credited = await operator.caller.operator.traders.adjustBalance({ owner, direction: 'credit', amount: '25.500000', memo: 'Deposit tx 0xabc' });
    expect(credited.balances.available).toBe('75.500000');
    const debited = await operator.caller.operator.traders.adjustBalance({ owner, direction: 'debit', amount: '5.500000', memo: 'Withdrawal' });
    expect(debited.balances.available).toBe('70.000000');
    const audits = (await database.db.select().from(auditLog).where(and(eq(auditLog.targetId, trader.traderId), eq(auditLog.actorId, operator.userId)))).map((row) => [row.action, row.details?.amount]);
    expect(audits).toEqual([
      ['balance.credit', '25.500000'],
      ['balance.debit', '5.500000'],
    ]);

    expect(await refusalCode(operator.caller.operator.traders.adjustBalance({ owner, direction: 'debit', amount: '70.000001', memo: 'Too much' }))).toBe('INSUFFICIENT_BALANCE');
    expect(await refusalCode(operator.caller.operator.traders.adjustBalance({ owner, direction: 'credit', amount: '-1', memo: 'Negative' }))).toBe('BAD_REQUEST');
    expect((await balancesOf(database.db, 'trader', trader.traderId)).available).toBe('70.000000');
    expect(await auditOf('balance.debit', trader.traderId)).toHaveLength(1);
    expect((await operator.caller.operator.traders.list({})).find((t) => t.id === trader.traderId)?.balances).toEqual({ available: '70.000000', frozen: '0.000000', escrow: '0.000000' });
  });

  it('suspends a trader: offline, and their sign-in is refused; reactivating lets them back', async () => {
    const trader = await signedInTrader(database.db);
    await operator.caller.operator.traders.setStatus({ traderId: trader.traderId, status: 'suspended' });
    const listed = (await operator.caller.operator.traders.list({})).find((t) => t.id === trader.traderId);
    expect(listed).toMatchObject({ status: 'suspended', online: false });
    expect(await auditOf('trader.suspend', trader.traderId)).toHaveLength(1);
    const credentials = { email: trader.email, password: 'correct horse battery', ip: '198.51.100.9' };
    expect(await refusalCode(signInWithPassword(database.db, { input: credentials }))).toBe('INVALID_CREDENTIALS');
    await operator.caller.operator.traders.setStatus({ traderId: trader.traderId, status: 'active' });
    expect((await operator.caller.operator.traders.list({})).find((t) => t.id === trader.traderId)?.status).toBe('active');
    expect((await signInWithPassword(database.db, { input: credentials })).traderId).toBe(trader.traderId);
  });
});

describe('merchants and API keys', () => {
  it('creates a merchant, shows its secret once, suspends it, and sets fees and windows', async () => {
    const created = await operator.caller.operator.merchants.create({ name: 'Acme Payouts', payoutFeeBps: 40, payinFeeBps: 60 });
    expect(created.apiKey.secret).toMatch(/^sk_/);
    const listed = (await operator.caller.operator.merchants.list({})).find((m) => m.id === created.merchantId);
    expect(JSON.stringify(listed)).not.toContain(created.apiKey.secret);
    expect(listed).toMatchObject({ name: 'Acme Payouts', status: 'active', payoutFeeBps: 40, payinFeeBps: 60, apiKeys: [{ keyId: created.apiKey.keyId, revokedAt: null }] });

    await operator.caller.operator.merchants.update({ merchantId: created.merchantId, settings: { status: 'suspended', payoutMatchSeconds: 900 } });
    expect((await operator.caller.operator.merchants.list({})).find((m) => m.id === created.merchantId)).toMatchObject({ status: 'suspended', payoutMatchSeconds: 900 });
    expect(await refusalCode(operator.caller.operator.merchants.update({ merchantId: created.merchantId, settings: { payoutFeeBps: 10_001 } }))).toBe('BAD_REQUEST');
    expect(await auditOf('merchant.update', created.merchantId)).toHaveLength(1);
  });

  it('issues a key whose secret is returned once and works on the REST API; once revoked the API answers 401 INVALID_API_KEY', async () => {
    const issued = await operator.caller.operator.merchants.issueKey({ merchantId: merchant.merchantId, label: 'ops laptop' });
    const client = new CorridorClient({ baseUrl: BASE_URL, apiKey: issued.keyId, apiSecret: issued.secret, fetch: inProcessFetch });
    expect((await client.listPayouts()).status).toBe(200);
    const listed = (await operator.caller.operator.merchants.list({})).find((m) => m.id === merchant.merchantId);
    expect(listed?.apiKeys.find((key) => key.keyId === issued.keyId)).toMatchObject({ label: 'ops laptop', revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(issued.secret);

    await operator.caller.operator.merchants.revokeKey({ keyId: issued.keyId });
    const refused = await client.createPayout(payoutBody() as never, 'after-revoke');
    expect([refused.status, (refused.body as { error: { code: string } }).error.code]).toEqual([401, 'INVALID_API_KEY']);
    expect(await refusalCode(operator.caller.operator.merchants.revokeKey({ keyId: issued.keyId }))).toBe('NOT_FOUND');
    const audit = await auditOf('apikey.revoke', merchant.merchantId);
    expect(audit.map((row) => row.details)).toEqual([{ keyId: issued.keyId }]);
    expect(JSON.stringify(await auditOf('apikey.issue', merchant.merchantId))).not.toContain(issued.secret);
    // The merchant's first key is untouched.
    expect(((await merchant.client.getPayout('nope')).body as Payout | { error: { code: string } }) as { error?: { code: string } }).toMatchObject({ error: { code: 'ORDER_NOT_FOUND' } });
  });

  it('sets the webhook endpoint (secret on the first one) and refuses a non-http URL', async () => {
    const created = await operator.caller.operator.merchants.create({ name: 'Hooked' });
    const set = await operator.caller.operator.merchants.setWebhook({ merchantId: created.merchantId, url: 'https://merchant.example/hooks' });
    expect(set.secret).toMatch(/^whsec_/);
    expect(await refusalCode(operator.caller.operator.merchants.setWebhook({ merchantId: created.merchantId, url: 'ftp://merchant.example' }))).toBe('BAD_REQUEST');
    expect((await operator.caller.operator.merchants.list({})).find((m) => m.id === created.merchantId)?.webhookUrl).toBe('https://merchant.example/hooks');
  });
});

describe('reference rate, audit log, ledger', () => {
  it('sets and clears the reference-rate override, audited; a malformed rate is refused', async () => {
    const set = await operator.caller.operator.referenceRate.set({ rate: '7.2345' });
    expect(set.override?.rate).toBe('7.2345');
    expect(await refusalCode(operator.caller.operator.referenceRate.set({ rate: '7.2' }))).toBe('VALIDATION_FAILED');
    expect((await operator.caller.operator.referenceRate.get({})).override?.rate).toBe('7.2345');
    expect((await operator.caller.operator.referenceRate.clear({})).override).toBeNull();
    const actions = (await operator.caller.operator.audit.query({ action: 'reference_rate.', actorId: operator.userId })).items.map((row) => row.action);
    expect(actions).toEqual(['reference_rate.clear', 'reference_rate.set']);
  });

  it('filters the audit log by actor, action family, target and time range, newest first, paginated', async () => {
    const other = await signedInOperator(database.db);
    const start = new Date(Date.now() - 1000).toISOString();
    const trader = await signedInTrader(database.db);
    const owner = { type: 'trader' as const, id: trader.traderId };
    for (const amount of ['1.000000', '2.000000', '3.000000']) await other.caller.operator.traders.adjustBalance({ owner, direction: 'credit', amount, memo: 'step' });

    const byActor = await operator.caller.operator.audit.query({ actorType: 'operator', actorId: other.userId, pageSize: 2 });
    expect(byActor.items.map((row) => row.details?.amount)).toEqual(['3.000000', '2.000000']);
    expect(byActor.hasMore).toBe(true);
    const second = await operator.caller.operator.audit.query({ actorType: 'operator', actorId: other.userId, pageSize: 2, page: 2 });
    expect([second.items.map((row) => row.details?.amount), second.hasMore]).toEqual([['1.000000'], false]);

    expect((await operator.caller.operator.audit.query({ targetType: 'trader', targetId: trader.traderId, action: 'balance.credit' })).items).toHaveLength(3);
    expect((await operator.caller.operator.audit.query({ targetId: trader.traderId, from: start })).items.length).toBeGreaterThanOrEqual(3);
    expect((await operator.caller.operator.audit.query({ targetId: trader.traderId, to: start })).items).toEqual([]);
    expect(await refusalCode(operator.caller.operator.audit.query({ from: 'yesterday' }))).toBe('BAD_REQUEST');
  });

  it('reports the ledger invariants with their figures', async () => {
    const report = await operator.caller.operator.ledger.check({});
    expect(report.ok).toBe(true);
    expect(report.accounts).toBeGreaterThan(0);
    expect(report.totals).toEqual([{ currency: 'USDT', sum: '0.000000' }]);
  });

  it('lists the latest solvency checks, newest first, with their exact figures', async () => {
    await database.db.insert(solvencyChecks).values([
      { runAt: new Date('2026-11-27T08:00:00Z'), status: 'ok', holdings: [{ chain: 'ethereum', addresses: 2, depositAddresses: '10.000000', hotWallet: '5.500000', total: '15.500000' }], holdingsTotal: '15.500000', owedTotal: '15.000000', surplus: '0.500000' },
      { runAt: new Date('2026-11-27T08:10:00Z'), status: 'error', holdings: [{ chain: 'ethereum', error: 'HttpRequestError' }], owedTotal: '15.000000', errorChain: 'ethereum' },
    ]);
    const latest = await operator.caller.operator.solvency.latest({});
    expect(latest.map((check) => [check.runAt, check.status, check.surplus, check.errorChain])).toEqual([
      ['2026-11-27T08:10:00.000Z', 'error', null, 'ethereum'],
      ['2026-11-27T08:00:00.000Z', 'ok', '0.500000', null],
    ]);
    expect(latest[1]!.holdings[0]).toMatchObject({ hotWallet: '5.500000', total: '15.500000' });
  });
});

describe('second-factor enrolment', () => {
  it('an operator enrols with a code from the secret; the code cannot be used twice and a second enrolment is refused', async () => {
    const fresh = await signedInOperator(database.db, false);
    const { secret } = await fresh.caller.operator.enrolment.start({});
    const code = totpCode(secret, totpStep(new Date()));
    expect(await fresh.caller.operator.enrolment.confirm({ code })).toEqual({ enrolled: true });
    expect(await refusalCode(fresh.caller.operator.enrolment.confirm({ code }))).toBe('CONFLICT');
    expect(await refusalCode(fresh.caller.operator.enrolment.start({}))).toBe('CONFLICT');
    expect(await auditOf('auth.totp_enrolled', fresh.userId)).toHaveLength(1);
  });
});
