import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient, CorridorTraderClient, type PayinCreated } from '../../clients/node/corridor-client';
import { apiKeys, merchants, payinOrders, payoutOrders, users } from '../../db/schema';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { cliActor } from '../../server/audit';
import { adjustBalance } from '../../server/balances/adjust-balance';
import { submitBuyerPayment } from '../../server/checkout/checkout';
import { updateMerchantSettings } from '../../server/merchants/update-merchant-settings';
import { apiDatabase, BASE_URL, inProcessFetch, payinTrader, payoutBody, payoutTrader } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { merchantWithOwner, type TestMember } from '../fixtures/merchant-team';
import { insertPayin, insertPayout } from '../fixtures/orders';
import { callerAs, merchantSession, traderSession } from '../trpc/trpc-harness';
import { pageRefusal, restRefusal } from './refusals';

/**
 * The attack: send a lone UTF-16 surrogate (JSON's "\ud800") in a text field. PostgreSQL refuses it
 * in json ("invalid input syntax for type json": a 500 for pay-in metadata, cancel reasons, key
 * labels, webhook URLs, the not-received reason, checkout settings), and a driver writing it as
 * text silently turns it into U+FFFD, so two different order numbers are stored as one and the
 * second is called a duplicate. The rule that now holds: text must be well-formed Unicode, checked
 * once for every transport (server/validation/text-rule.ts); ill-formed text is 400
 * VALIDATION_FAILED naming the field, and nothing changes.
 */
const LONE = '\ud800';
const OTHER_LONE = '\udfff';

let database: TestDatabase;
let owner: TestMember;
let client: CorridorClient;

beforeAll(async () => {
  database = await apiDatabase();
  const team = await merchantWithOwner(database.db);
  owner = team.owner;
  await adjustBalance(database.db, { owner: { type: 'merchant', id: owner.merchantId }, direction: 'credit', amount: '10000', memo: 'test funding' }, cliActor);
  await updateMerchantSettings(database.db, { merchantId: owner.merchantId, rateLimitPerSecond: 100_000, rateLimitBurst: 100_000, actor: cliActor });
  client = new CorridorClient({ baseUrl: BASE_URL, apiKey: team.merchant.apiKey.keyId, apiSecret: team.merchant.apiKey.secret, fetch: inProcessFetch });
});
afterAll(async () => {
  await database.close();
});

/** What the caller is told: status, code and the fields named. */

/** The same for a page's procedure: the domain code and the fields, as the page reads them from the error's data. */

const console_ = () => callerAs(database.db, merchantSession(owner));
const merchantRow = async () => (await database.db.select().from(merchants).where(eq(merchants.id, owner.merchantId)))[0]!;

describe('the merchant API and console refuse ill-formed text by field, and nothing changes', () => {
  it('pay-in metadata: a lone surrogate in a value or a key', async () => {
    await payinTrader(database.db);
    const before = await database.db.$count(payinOrders);
    const inValue = await client.createPayin({ merchantOrderNo: 'mo-lone-value', assetAmount: '10', metadata: { note: `a${LONE}b` } });
    expect(restRefusal(inValue)).toEqual([400, 'VALIDATION_FAILED', ['metadata.note']]);
    const inKey = await client.createPayin({ merchantOrderNo: 'mo-lone-key', assetAmount: '10', metadata: { [`k${LONE}`]: 'v' } });
    expect(restRefusal(inKey)).toEqual([400, 'VALIDATION_FAILED', ['metadata.k\ufffd']]);
    expect(await database.db.$count(payinOrders)).toBe(before);
  });

  it('payout create: two order numbers that differ only in their lone surrogates are both refused, never called duplicates', async () => {
    await payoutTrader(database.db);
    const before = await database.db.$count(payoutOrders);
    for (const [merchantOrderNo, key] of [
      [`mo-${LONE}`, 'lone-1'],
      [`mo-${OTHER_LONE}`, 'lone-2'],
    ] as const) {
      expect(restRefusal(await client.createPayout(payoutBody({ merchantOrderNo }) as never, key))).toEqual([400, 'VALIDATION_FAILED', ['merchantOrderNo']]);
    }
    const holder = payoutBody({ recipient: { holderName: `Li${LONE}`, bankAccount: '6222020200112233445', bankName: 'Bank of China' } });
    expect(restRefusal(await client.createPayout(holder as never, 'lone-3'))).toEqual([400, 'VALIDATION_FAILED', ['recipient.holderName']]);
    expect(await database.db.$count(payoutOrders)).toBe(before);
  });

  it('cancel reasons, over the API and the console', async () => {
    const payout = await insertPayout(database.db, owner.merchantId);
    const payin = await insertPayin(database.db, owner.merchantId, null);
    expect(restRefusal(await client.cancelPayout(payout.orderNo, { reason: `changed${LONE}` }))).toEqual([400, 'VALIDATION_FAILED', ['reason']]);
    expect(restRefusal(await client.cancelPayin(payin.orderNo, { reason: `changed${LONE}` }))).toEqual([400, 'VALIDATION_FAILED', ['reason']]);
    expect(await pageRefusal(console_().merchantOrders.cancelPayout({ reference: payout.orderNo, reason: `changed${LONE}` }))).toEqual(['VALIDATION_FAILED', ['reason']]);
    expect(await pageRefusal(console_().merchantOrders.cancelPayin({ reference: payin.orderNo, reason: `changed${LONE}` }))).toEqual(['VALIDATION_FAILED', ['reason']]);
    const [payoutAfter] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, payout.id));
    const [payinAfter] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, payin.id));
    expect([payoutAfter?.status, payinAfter?.status]).toEqual([payout.status, payin.status]);
  });

  it('API key labels, over the API and the console', async () => {
    const before = await database.db.$count(apiKeys);
    expect(restRefusal(await client.createApiKey({ label: `ops${LONE}`, scopes: ['balance:read'] }))).toEqual([400, 'VALIDATION_FAILED', ['label']]);
    expect(await pageRefusal(console_().merchantDevelopers.createKey({ label: `ops${LONE}`, scopes: ['balance:read'] }))).toEqual(['VALIDATION_FAILED', ['label']]);
    expect(await database.db.$count(apiKeys)).toBe(before);
  });

  it('webhook URLs, over the API and the console', async () => {
    const url = `https://hooks.example.com/${LONE}`;
    expect(restRefusal(await client.setWebhookEndpoint({ url }))).toEqual([400, 'VALIDATION_FAILED', ['url']]);
    expect(await pageRefusal(console_().merchantDevelopers.setEndpoint({ url }))).toEqual(['VALIDATION_FAILED', ['url']]);
    expect((await merchantRow()).webhookUrl).toBeNull();
  });

  it('checkout settings, in the console', async () => {
    expect(await pageRefusal(console_().merchantCheckout.update({ checkoutDisplayName: `Tea${LONE}House` }))).toEqual(['VALIDATION_FAILED', ['checkoutDisplayName']]);
    expect((await merchantRow()).checkoutDisplayName).toBeNull();
  });
});

describe("a trader's not-received reason, over the trader API and the trader's page", () => {
  it('is refused by field and the pay-in stays PAYMENT_SUBMITTED', async () => {
    await payinTrader(database.db);
    const created = (await client.createPayin({ merchantOrderNo: 'mo-lone-not-received', fiatAmount: '100.00' })).body as PayinCreated;
    await submitBuyerPayment(database.db, { token: new URL(created.payUrl).pathname.split('/').pop() ?? '' });
    const [matched] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, created.orderId));
    const key = await issueApiKey(database.db, { traderId: matched!.traderId! });
    const bot = new CorridorTraderClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });

    expect(restRefusal(await bot.reportNotReceived(created.orderId, `nothing${LONE}`))).toEqual([400, 'VALIDATION_FAILED', ['reason']]);
    const page = callerAs(database.db, traderSession({ userId: (await traderUserOf(matched!.traderId!))!, traderId: matched!.traderId! }));
    expect(await pageRefusal(page.trader.notReceived({ orderId: created.orderId, reason: `nothing${LONE}` }))).toEqual(['VALIDATION_FAILED', ['reason']]);
    const [after] = await database.db.select().from(payinOrders).where(eq(payinOrders.id, created.orderId));
    expect(after?.status).toBe('PAYMENT_SUBMITTED');
  });
});

async function traderUserOf(traderId: string) {
  const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.traderId, traderId));
  return user?.id;
}
