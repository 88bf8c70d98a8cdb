import createClient, { type Middleware } from 'openapi-fetch';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, payoutBody, payoutTrader, type TestMerchant } from '../../tests/api/api-harness';
import type { TestDatabase } from '../../tests/db/test-database';
import { signatureFor } from './corridor-client';
import type { paths } from './openapi-types';

/**
 * A client generated from the OpenAPI document (openapi-typescript types + openapi-fetch) makes
 * the calls of CorridorClient and CorridorTraderClient, type-checked against the document and run
 * against the real adapter: the document is enough to integrate, no hand-written client needed.
 */
function signing(apiKey: string, apiSecret: string): Middleware {
  return {
    async onRequest({ request }) {
      const url = new URL(request.url);
      const body = new Uint8Array(await request.clone().arrayBuffer());
      const timestamp = String(Date.now());
      const nonce = randomBytes(18).toString('base64url');
      request.headers.set('x-api-key', apiKey);
      request.headers.set('x-timestamp', timestamp);
      request.headers.set('x-nonce', nonce);
      request.headers.set('x-signature', signatureFor(apiSecret, { timestamp, nonce, method: request.method, pathAndQuery: url.pathname + url.search, body }));
      return request;
    },
  };
}

/** openapi-fetch hands over a Request; the harness's fetch checks the answer against the document. */
async function send(request: Request): Promise<Response> {
  const body = request.method === 'GET' ? undefined : new Uint8Array(await request.arrayBuffer());
  return inProcessFetch(request.url, { method: request.method, headers: request.headers, body: body && body.length > 0 ? body : undefined });
}

function generatedClient(apiKey: string, apiSecret: string) {
  const client = createClient<paths>({ baseUrl: BASE_URL, fetch: send });
  client.use(signing(apiKey, apiSecret));
  return client;
}

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

describe('a client generated from the OpenAPI document', () => {
  it("makes CorridorClient's payout and pay-in calls", async () => {
    await payoutTrader(database.db);
    const api = generatedClient(merchant.apiKey, merchant.apiSecret);

    const created = await api.POST('/api/v1/withdrawals', { body: payoutBody(), params: { header: { 'Idempotency-Key': 'generated-1' } } });
    expect(created.response.status).toBe(201);
    const orderNo = created.data!.orderNo;
    const fetched = await api.GET('/api/v1/withdrawals/{orderNo}', { params: { path: { orderNo } } });
    expect(fetched.data?.status).toBe('PENDING_MATCH');
    const listed = await api.GET('/api/v1/withdrawals', { params: { query: { pageSize: '5', status: 'PENDING_MATCH' } } });
    expect(listed.data?.items.map((item) => item.orderNo)).toContain(orderNo);
    const decided = await api.POST('/api/v1/withdrawals/{orderNo}/decision', { params: { path: { orderNo } }, body: { decision: 'CONFIRM' } });
    expect([decided.response.status, decided.error?.error.code, decided.error?.error.status]).toEqual([409, 'INVALID_ORDER_STATE', 'PENDING_MATCH']);

    const payin = await api.POST('/api/v1/orders', { body: { merchantOrderNo: 'generated-payin', fiatAmount: '100.00' } });
    expect([payin.response.status, payin.error?.error.code]).toEqual([422, 'NO_LIQUIDITY']);
    const payins = await api.GET('/api/v1/orders', { params: { query: { direction: 'DEPOSIT' } } });
    expect(payins.data?.total).toBe(0);
    const missing = await api.GET('/api/v1/orders/{orderNo}', { params: { path: { orderNo: 'nope' } } });
    expect(missing.error?.error.code).toBe('ORDER_NOT_FOUND');
  });

  it("makes CorridorTraderClient's calls with a trader key", async () => {
    const trader = await payoutTrader(database.db);
    const key = await issueApiKey(database.db, { traderId: trader.traderId });
    const bot = generatedClient(key.keyId, key.secret);
    const created = (await merchant.client.createPayout(payoutBody() as never, 'generated-2')).body as { orderId: string };

    const tasks = await bot.GET('/api/v1/trader/tasks', { params: { query: { pageSize: '100' } } });
    expect(tasks.data?.items.map((task) => task.orderId)).toContain(created.orderId);
    const accepted = await bot.POST('/api/v1/trader/tasks/{orderId}/accept', { params: { path: { orderId: created.orderId } } });
    expect(accepted.data?.status).toBe('PENDING_PAYMENT');
    const payins = await bot.GET('/api/v1/trader/payins', { params: { query: { status: 'PAYMENT_SUBMITTED' } } });
    expect(payins.data?.items).toEqual([]);
    const notMine = '00000000-0000-4000-8000-000000000000';
    const released = await bot.POST('/api/v1/trader/payins/{orderId}/release', { params: { path: { orderId: notMine } } });
    expect(released.error?.error.code).toBe('ORDER_NOT_FOUND');
    const reported = await bot.POST('/api/v1/trader/payins/{orderId}/not-received', { params: { path: { orderId: notMine } }, body: { reason: 'nothing arrived' } });
    expect(reported.error?.error.code).toBe('ORDER_NOT_FOUND');
  });
});
