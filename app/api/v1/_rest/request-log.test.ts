import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../db/client';
import { apiRequestRecorder } from '../../../../server/api-request-log/api-request-recorder';
import { listApiRequests } from '../../../../server/api-request-log/list-api-requests';
import { pruneApiRequests } from '../../../../server/api-request-log/prune-api-requests';
import { pruneRecords } from '../../../../server/scheduler/prune-records';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader, rawRequest, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

let database: TestDatabase;
let merchant: TestMerchant;
let other: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db, '10000.00');
  other = await apiMerchant(database.db, '10000.00');
  await payoutTrader(database.db);
});
afterAll(async () => {
  await apiRequestRecorder().flush();
  await database.close();
});

describe("the merchant's request log", () => {
  it('a signed call appears with its route template, status, latency, request id and key; never its body or query', async () => {
    const merchantOrderNo = 'request-log-secret-body-1';
    const created = await merchant.client.createPayout(payoutBody({ merchantOrderNo, fiatAmount: '321.00' }) as never, 'request-log-1');
    expect(created.status).toBe(201);
    const orderNo = (created.body as { orderNo: string }).orderNo;
    const read = await merchant.client.getPayout(orderNo);
    expect(read.status).toBe(200);
    const missing = await merchant.client.getPayout('PO-NOPE-0000');
    expect(missing.status).toBe(404);
    expect((await merchant.client.listPayouts({ status: 'PENDING_MATCH', pageSize: '5' })).status).toBe(200);
    await apiRequestRecorder().flush();

    const log = await listApiRequests(database.db, merchant.merchantId, {});
    const [list, notFound, detail, create] = log.items;
    expect(log.items).toHaveLength(4);
    expect(create).toMatchObject({ method: 'POST', route: 'withdrawals', status: 201, requestId: created.headers.get('x-request-id'), keyId: merchant.apiKey });
    expect(detail).toMatchObject({ method: 'GET', route: 'withdrawals/:orderNo', status: 200 });
    expect(notFound).toMatchObject({ method: 'GET', route: 'withdrawals/:orderNo', status: 404 });
    expect(list).toMatchObject({ method: 'GET', route: 'withdrawals', status: 200 });
    expect(create!.latencyMs).toBeGreaterThanOrEqual(0);

    // Nothing of the body, the path's values or the query is stored, in the listing or the table.
    const [stored] = rowsOf<{ text: string }>(await database.db.execute(sql`select coalesce(string_agg(t::text, ' '), '') as text from api_request_log t`));
    for (const text of [JSON.stringify(log), stored!.text]) {
      expect(text).not.toContain(merchantOrderNo);
      expect(text).not.toContain(orderNo);
      expect(text).not.toContain('PO-NOPE');
      expect(text).not.toContain('PENDING_MATCH');
      expect(text).not.toContain('321.00');
    }
  });

  it("filters by status class, pages newest first, and never shows another merchant's calls", async () => {
    await other.client.getBalance();
    await apiRequestRecorder().flush();
    const errors = await listApiRequests(database.db, merchant.merchantId, { statusClass: '4xx' });
    expect(errors.items.map((item) => item.status)).toEqual([404]);
    const ok = await listApiRequests(database.db, merchant.merchantId, { statusClass: '2xx', pageSize: 2 });
    expect(ok.items.map((item) => item.route)).toEqual(['withdrawals', 'withdrawals/:orderNo']);
    expect(ok.hasMore).toBe(true);
    const second = await listApiRequests(database.db, merchant.merchantId, { statusClass: '2xx', pageSize: 2, page: 2 });
    expect(second).toMatchObject({ hasMore: false, items: [{ method: 'POST', route: 'withdrawals' }] });
    expect(JSON.stringify(await listApiRequests(database.db, merchant.merchantId, {}))).not.toContain('balance');
    expect((await listApiRequests(database.db, other.merchantId, {})).items.map((item) => item.route)).toEqual(['balance']);
  });

  it('an unauthenticated or badly signed call is not logged (it names no merchant)', async () => {
    const before = (await listApiRequests(database.db, merchant.merchantId, { pageSize: 100 })).items.length;
    const unsigned = await rawRequest({ method: 'GET', path: '/api/v1/balance', apiKey: merchant.apiKey, apiSecret: merchant.apiSecret, headers: { 'x-signature': null } });
    expect(unsigned.status).toBe(401);
    const wrong = await rawRequest({ method: 'GET', path: '/api/v1/balance', apiKey: merchant.apiKey, apiSecret: 'not-the-secret' });
    expect(wrong.status).toBe(401);
    await apiRequestRecorder().flush();
    expect((await listApiRequests(database.db, merchant.merchantId, { pageSize: 100 })).items).toHaveLength(before);
  });

  it('rows older than 7 days are pruned with the other records; newer ones stay', async () => {
    const [count] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from api_request_log`));
    expect(await pruneApiRequests(database.db, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect((await pruneRecords(database.db, new Date(Date.now() + 8 * 86_400_000))).apiRequests).toBe(count!.n);
    expect((await listApiRequests(database.db, merchant.merchantId, {})).items).toEqual([]);
  });

  it('bad input is refused with a code', async () => {
    await expect(listApiRequests(database.db, merchant.merchantId, { statusClass: '6xx' as never })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(listApiRequests(database.db, merchant.merchantId, { page: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
