import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutCreated } from '../../clients/node/corridor-client';
import { apiKeys, merchants, payoutOrders, traderBankAccounts } from '../../db/schema';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { merchantWithOwner, type TestMember } from '../fixtures/merchant-team';
import { callerAs, merchantSession, signedInOperator, signedInTrader } from '../trpc/trpc-harness';
import { pageRefusal, restRefusal } from './refusals';

/**
 * The attack: put a bidirectional override or isolate (U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 ...)
 * in a name another person reads, so that it shows something other than what it holds: a payout's
 * holder name the trader copies into their bank app, the account holder a buyer pays, a key's
 * label in the audit log. The rule that now holds: names and labels shown to people refuse the
 * bidirectional controls (server/validation/displayed-name.ts) with 400 VALIDATION_FAILED naming
 * the field, on every transport, and nothing is stored; right-to-left script itself is welcome.
 */
let database: TestDatabase;
let merchant: TestMerchant;
let owner: TestMember;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  ({ owner } = await merchantWithOwner(database.db));
  await payoutTrader(database.db);
});
afterAll(async () => {
  await database.close();
});

/** A page's refusal as the page reads it: VALIDATION_FAILED and the fields, from a schema's issues or the domain's details. */

const recipient = (overrides: Record<string, string>) => ({ holderName: 'Li Lei', bankAccount: '6222020200112233445', bankName: 'Bank of China', ...overrides });

describe('the merchant API', () => {
  it.each([
    ['RLO in holderName', { holderName: 'Li Lei\u202Eoaw' }, 'recipient.holderName'],
    ['LRI in holderName', { holderName: '\u2066Li Lei' }, 'recipient.holderName'],
    ['PDI in bankName', { bankName: 'Bank of China\u2069' }, 'recipient.bankName'],
    ['RLE in bankName', { bankName: '\u202BBOC' }, 'recipient.bankName'],
    ['RLM in holderName', { holderName: 'Li\u200FLei' }, 'recipient.holderName'],
  ])('payout create with %s: 400 naming the field, no order', async (_name, overrides, path) => {
    const before = await database.db.$count(payoutOrders);
    const response = await merchant.client.createPayout(payoutBody({ recipient: recipient(overrides) }) as never, `bidi-${path}-${Math.random()}`);
    expect(restRefusal(response)).toEqual([400, 'VALIDATION_FAILED', [path]]);
    expect(await database.db.$count(payoutOrders)).toBe(before);
  });

  it('a right-to-left name without controls is a name like any other', async () => {
    const response = await merchant.client.createPayout(payoutBody({ recipient: recipient({ holderName: 'محمد علي' }) }) as never, 'bidi-arabic');
    expect(response.status).toBe(201);
    const [row] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, (response.body as PayoutCreated).orderId));
    expect(row?.recipientHolderName).toBe('محمد علي');
  });

  it("an API key's label with an override: 400 naming the field, no key", async () => {
    const before = await database.db.$count(apiKeys);
    expect(restRefusal(await merchant.client.createApiKey({ label: 'reporting\u202E', scopes: ['balance:read'] }))).toEqual([400, 'VALIDATION_FAILED', ['label']]);
    expect(await database.db.$count(apiKeys)).toBe(before);
  });
});

describe('the pages', () => {
  it("a trader's bank account: the holder name a buyer reads", async () => {
    const trader = await signedInTrader(database.db);
    const refused = await pageRefusal(trader.caller.trader.addBankAccount({ holderName: 'Wang\u202EgnaF', bankName: 'ICBC', accountNumber: '6212260200000000002' }));
    expect(refused).toEqual(['VALIDATION_FAILED', ['holderName']]);
    expect(await database.db.$count(traderBankAccounts, eq(traderBankAccounts.traderId, trader.traderId))).toBe(0);
  });

  it("the console: a key's label and the checkout's display name", async () => {
    const console_ = callerAs(database.db, merchantSession(owner));
    const keysBefore = await database.db.$count(apiKeys);
    expect(await pageRefusal(console_.merchantDevelopers.createKey({ label: '\u2067ops', scopes: ['balance:read'] }))).toEqual(['VALIDATION_FAILED', ['label']]);
    expect(await database.db.$count(apiKeys)).toBe(keysBefore);
    expect(await pageRefusal(console_.merchantCheckout.update({ checkoutDisplayName: 'Tea\u202EesuoH' }))).toEqual(['VALIDATION_FAILED', ['checkoutDisplayName']]);
    const [row] = await database.db.select().from(merchants).where(eq(merchants.id, owner.merchantId));
    expect(row?.checkoutDisplayName).toBeNull();
  });

  it("an operator's new merchant name", async () => {
    const operator = await signedInOperator(database.db);
    const before = await database.db.$count(merchants);
    expect(await pageRefusal(operator.caller.operator.merchants.create({ name: 'Acme\u202E', payoutFeeBps: 30 }))).toEqual(['VALIDATION_FAILED', ['name']]);
    expect(await database.db.$count(merchants)).toBe(before);
  });
});
