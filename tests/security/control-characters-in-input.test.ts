import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayinCreated } from '../../clients/node/corridor-client';
import { auditLog, payinOrders, payoutOrders, traderBankAccounts } from '../../db/schema';
import { apiDatabase, apiMerchant, errorCodeOf, payinTrader, payoutBody, rawRequest, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { refusalCode } from '../trpc/refusal-code';
import { callerAs, signedInOperator, signedInTrader } from '../trpc/trpc-harness';

/**
 * The attack: put NUL (and other control characters) in any text field, path or query, so that
 * PostgreSQL fails mid-request (a 500) and the failed statement, with its parameters (names,
 * card ciphertexts), lands in the error log. Every transport refuses such input with 400
 * VALIDATION_FAILED naming the field, before any SQL runs, and nothing changes.
 */
let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

const signed = (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  rawRequest({ method, path, body: body === undefined ? undefined : JSON.stringify(body), apiKey: merchant.apiKey, apiSecret: merchant.apiSecret });

describe('merchant API: control characters in bodies and queries', () => {
  it.each([
    ['NUL in holderName', payoutBody({ recipient: { holderName: 'Li\u0000Lei', bankAccount: '62220202', bankName: 'BOC' } }), 'recipient.holderName'],
    ['NUL in bankName', payoutBody({ recipient: { holderName: 'Li Lei', bankAccount: '62220202', bankName: 'B\u0000OC' } }), 'recipient.bankName'],
    ['NUL in merchantOrderNo', payoutBody({ merchantOrderNo: 'mo-\u0000' }), 'merchantOrderNo'],
    ['BEL in holderName', payoutBody({ recipient: { holderName: 'Li\u0007', bankAccount: '62220202', bankName: 'BOC' } }), 'recipient.holderName'],
    ['ESC in bankName', payoutBody({ recipient: { holderName: 'Li', bankAccount: '62220202', bankName: '\u001b[31mBOC' } }), 'recipient.bankName'],
  ])('payout create with %s: 400 naming the field, no order', async (_name, body, path) => {
    const before = await database.db.$count(payoutOrders);
    const response = await signed('/api/v1/withdrawals', body);
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { error: { code: string; details: { path: string }[] } }).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.map((detail) => detail.path)).toContain(path);
    expect(await database.db.$count(payoutOrders)).toBe(before);
  });

  it('NUL in a pay-in\'s metadata: 400, no order', async () => {
    const before = await database.db.$count(payinOrders);
    const response = await signed('/api/v1/orders', { merchantOrderNo: 'mo-meta', assetAmount: '10', metadata: { note: 'a\u0000b' } });
    expect(await errorCodeOf(response)).toBe('VALIDATION_FAILED');
    expect(await database.db.$count(payinOrders)).toBe(before);
  });

  it.each(['/api/v1/withdrawals?merchantOrderNo=%00', '/api/v1/orders?merchantOrderNo=a%00b', '/api/v1/webhooks/deliveries?orderNo=%00'])(
    'NUL in a query (%s): 400',
    async (path) => {
      const response = await signed(path);
      expect(response.status).toBe(400);
      expect(await errorCodeOf(response)).toBe('VALIDATION_FAILED');
    },
  );
});

describe('merchant API: control characters in paths', () => {
  it.each(['/api/v1/withdrawals/%00x', '/api/v1/orders/a%00', '/api/v1/withdrawals/%07'])('%s names nothing: 404, not a database error', async (path) => {
    const response = await signed(path);
    expect(response.status).toBe(404);
    expect(await errorCodeOf(response)).toBe('NOT_FOUND');
  });
});

describe('pages: control characters in every form', () => {
  it('the buyer\'s problem report (no sign-in) refuses NUL and records nothing', async () => {
    await payinTrader(database.db, '7.2000', '1000.00');
    const created = await merchant.client.createPayin({ merchantOrderNo: 'mo-nul-report', assetAmount: '10' });
    const token = (created.body as PayinCreated).payUrl.split('/pay/')[1]!;
    const buyer = callerAs(database.db, null);
    const refused = await refusalCode(buyer.checkout.reportProblem({ token, kind: 'other', message: 'paid\u0000 twice' }));
    expect(refused).toBe('VALIDATION_FAILED');
    const [order] = await database.db.select().from(payinOrders).where(eq(payinOrders.merchantOrderNo, 'mo-nul-report'));
    expect(order?.status).toBe('PENDING_PAYMENT');
  });

  it('a trader\'s bank account refuses NUL in the holder name', async () => {
    const trader = await signedInTrader(database.db);
    const refused = await refusalCode(trader.caller.trader.addBankAccount({ holderName: 'Wang\u0000Fang', bankName: 'ICBC', accountNumber: '6212260200000000002' }));
    expect(refused).toBe('VALIDATION_FAILED');
    expect(await database.db.$count(traderBankAccounts, eq(traderBankAccounts.traderId, trader.traderId))).toBe(0);
  });

  it('an operator form refuses NUL in a merchant name, and no audit entry is written', async () => {
    const operator = await signedInOperator(database.db);
    const before = await database.db.$count(auditLog);
    const refused = await refusalCode(operator.caller.operator.merchants.create({ name: 'Acme\u0000', payoutFeeBps: 30 }));
    expect(refused).toBe('VALIDATION_FAILED');
    expect(await database.db.$count(auditLog)).toBe(before);
  });
});
