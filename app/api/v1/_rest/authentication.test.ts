import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../../../../db/schema';
import { cliActor } from '../../../../server/audit';
import { revokeApiKey } from '../../../../server/api-keys/revoke-api-key';
import { updateMerchantSettings } from '../../../../server/merchants/update-merchant-settings';
import { apiDatabase, apiMerchant, errorCodeOf, payoutBody, rawRequest, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';

let database: TestDatabase;
let merchant: TestMerchant;
const path = '/api/v1/withdrawals?page=1';

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

const keys = () => ({ apiKey: merchant.apiKey, apiSecret: merchant.apiSecret });

describe('request authentication (docs/api.md, "Signing a request")', () => {
  it('a correctly signed request is answered', async () => {
    const response = await rawRequest({ ...keys(), path });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it.each(['x-api-key', 'x-timestamp', 'x-nonce', 'x-signature'])('a missing %s is 401 AUTH_MISSING', async (header) => {
    const response = await rawRequest({ ...keys(), path, headers: { [header]: null } });
    expect(response.status).toBe(401);
    expect(await errorCodeOf(response)).toBe('AUTH_MISSING');
  });

  it('an unknown key is 401 INVALID_API_KEY', async () => {
    const response = await rawRequest({ apiKey: 'mk_unknown', apiSecret: 'whatever', path });
    expect([response.status, await errorCodeOf(response)]).toEqual([401, 'INVALID_API_KEY']);
  });

  it('a signature over another path, body or secret is 401 INVALID_SIGNATURE', async () => {
    for (const request of [
      rawRequest({ ...keys(), path, signedPath: '/api/v1/withdrawals?page=2' }),
      rawRequest({ ...keys(), method: 'POST', path: '/api/v1/withdrawals', body: JSON.stringify(payoutBody()), signedBody: '{}', headers: { 'idempotency-key': 'k1' } }),
      rawRequest({ apiKey: merchant.apiKey, apiSecret: 'sk_wrong', path }),
    ]) {
      const response = await request;
      expect([response.status, await errorCodeOf(response)]).toEqual([401, 'INVALID_SIGNATURE']);
    }
  });

  it('timestamps: 300 s either way is accepted, one ms more is 401 TIMESTAMP_OUT_OF_RANGE', async () => {
    // A little margin for the time the request takes to arrive.
    for (const offset of [-299_000, 299_000]) {
      const response = await rawRequest({ ...keys(), path, timestamp: String(Date.now() + offset) });
      expect(response.status).toBe(200);
    }
    for (const timestamp of [String(Date.now() - 300_001 - 50), String(Date.now() + 300_001 + 50), 'yesterday', '1.5e12', '']) {
      const response = await rawRequest({ ...keys(), path, timestamp });
      expect(response.status).toBe(401);
      expect(await errorCodeOf(response)).toBe(timestamp === '' ? 'AUTH_MISSING' : 'TIMESTAMP_OUT_OF_RANGE');
    }
  });

  it('nonces: 16 and 64 characters of [A-Za-z0-9_-] pass; 15, 65 and other characters are 401 NONCE_INVALID', async () => {
    for (const nonce of ['a'.repeat(16), 'b'.repeat(64), 'Az09_-Az09_-Az09']) {
      expect((await rawRequest({ ...keys(), path, nonce })).status).toBe(200);
    }
    for (const nonce of ['c'.repeat(15), 'd'.repeat(65), 'has space in it 1234', 'nonce.with.dots.123', 'ñññññññññññññññññ']) {
      const response = await rawRequest({ ...keys(), path, nonce });
      expect([response.status, await errorCodeOf(response)]).toEqual([401, 'NONCE_INVALID']);
    }
  });

  it('a nonce used twice with one key is 401 NONCE_REPLAYED', async () => {
    const nonce = 'replayed-nonce-0000001';
    expect((await rawRequest({ ...keys(), path, nonce })).status).toBe(200);
    const replay = await rawRequest({ ...keys(), path, nonce });
    expect([replay.status, await errorCodeOf(replay)]).toEqual([401, 'NONCE_REPLAYED']);
  });

  it('requests handled together share one nonce statement and are told apart: one nonce sent three times at once is answered once, another key may use it, a revoked key is refused', async () => {
    const other = await apiMerchant(database.db);
    const revoked = await apiMerchant(database.db);
    await revokeApiKey(database.db, revoked.apiKey);
    const nonce = 'nonce-sent-together-01';
    const responses = await Promise.all([
      rawRequest({ ...keys(), path, nonce }),
      rawRequest({ ...keys(), path, nonce }),
      rawRequest({ apiKey: other.apiKey, apiSecret: other.apiSecret, path, nonce }),
      rawRequest({ ...keys(), path, nonce }),
      rawRequest({ apiKey: revoked.apiKey, apiSecret: revoked.apiSecret, path, nonce }),
      rawRequest({ ...keys(), path }),
    ]);
    const answers = await Promise.all(responses.map(async (response) => (response.status === 200 ? 200 : `${response.status} ${await errorCodeOf(response)}`)));
    // The first of the three is not always the one answered: only that exactly one is.
    expect(answers.slice(0, 2).concat(answers[3]!).sort()).toEqual([200, '401 NONCE_REPLAYED', '401 NONCE_REPLAYED']);
    expect(answers[2]).toBe(200);
    expect(answers[4]).toBe('401 INVALID_API_KEY');
    expect(answers[5]).toBe(200);
  });

  it('a revoked key is 401 INVALID_API_KEY', async () => {
    const other = await apiMerchant(database.db);
    expect((await rawRequest({ apiKey: other.apiKey, apiSecret: other.apiSecret, path })).status).toBe(200);
    await revokeApiKey(database.db, other.apiKey);
    const response = await rawRequest({ apiKey: other.apiKey, apiSecret: other.apiSecret, path });
    expect([response.status, await errorCodeOf(response)]).toEqual([401, 'INVALID_API_KEY']);
  });

  it('a merchant suspended by another process is refused on its next request (status is never cached)', async () => {
    const other = await apiMerchant(database.db);
    expect((await rawRequest({ apiKey: other.apiKey, apiSecret: other.apiSecret, path })).status).toBe(200);
    // Straight in the database, as another server process would: no in-process cache is told.
    await database.db.update(merchants).set({ status: 'suspended' }).where(eq(merchants.id, other.merchantId));
    const response = await rawRequest({ apiKey: other.apiKey, apiSecret: other.apiSecret, path });
    expect([response.status, await errorCodeOf(response)]).toEqual([403, 'MERCHANT_DISABLED']);
  });

  it('a suspended merchant is 403 MERCHANT_DISABLED', async () => {
    const other = await apiMerchant(database.db);
    await updateMerchantSettings(database.db, { merchantId: other.merchantId, status: 'suspended', actor: cliActor });
    const response = await rawRequest({ apiKey: other.apiKey, apiSecret: other.apiSecret, path });
    expect([response.status, await errorCodeOf(response)]).toEqual([403, 'MERCHANT_DISABLED']);
  });

  it('over the per-key rate limit is 429 RATE_LIMITED with Retry-After', async () => {
    const limited = await apiMerchant(database.db, '0', { rateLimit: { perSecond: 1, burst: 3 } });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i += 1) {
      last = await rawRequest({ apiKey: limited.apiKey, apiSecret: limited.apiSecret, path });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last?.headers.get('retry-after')).toBe('1');
    expect(await errorCodeOf(last!)).toBe('RATE_LIMITED');
  });
});

describe('request shape', () => {
  it('an unknown route is a JSON 404 NOT_FOUND; a known route with another method is 405 with Allow', async () => {
    const unknown = await rawRequest({ ...keys(), path: '/api/v1/nothing-here' });
    expect([unknown.status, await errorCodeOf(unknown)]).toEqual([404, 'NOT_FOUND']);
    const wrongMethod = await rawRequest({ ...keys(), method: 'DELETE', path: '/api/v1/withdrawals' });
    expect([wrongMethod.status, await errorCodeOf(wrongMethod)]).toEqual([405, 'METHOD_NOT_ALLOWED']);
    expect(wrongMethod.headers.get('allow')).toBe('POST, GET');
  });

  it('a body over 64 KiB is 413 PAYLOAD_TOO_LARGE; exactly 64 KiB is read', async () => {
    const big = JSON.stringify({ ...payoutBody(), padding: 'x'.repeat(64 * 1024) });
    const response = await rawRequest({ ...keys(), method: 'POST', path: '/api/v1/withdrawals', body: big, headers: { 'idempotency-key': 'big' } });
    expect([response.status, await errorCodeOf(response)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const base = JSON.stringify({ ...payoutBody(), padding: '' });
    const exact = base.replace('"padding":""', `"padding":"${'x'.repeat(64 * 1024 - base.length)}"`);
    expect(exact.length).toBe(64 * 1024);
    const atLimit = await rawRequest({ ...keys(), method: 'POST', path: '/api/v1/withdrawals', body: exact, headers: { 'idempotency-key': 'exact' } });
    expect(await errorCodeOf(atLimit)).toBe('VALIDATION_FAILED'); // read, then refused for the unknown field
  });

  it('a body without application/json is 415; malformed JSON is 400 INVALID_JSON', async () => {
    const body = JSON.stringify(payoutBody());
    const plain = await rawRequest({ ...keys(), method: 'POST', path: '/api/v1/withdrawals', body, headers: { 'content-type': 'text/plain', 'idempotency-key': 'a' } });
    expect([plain.status, await errorCodeOf(plain)]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const broken = await rawRequest({ ...keys(), method: 'POST', path: '/api/v1/withdrawals', body: '{"merchantOrderNo":', headers: { 'idempotency-key': 'b' } });
    expect([broken.status, await errorCodeOf(broken)]).toEqual([400, 'INVALID_JSON']);
  });

  it('the OpenAPI document is public and describes the merchant and trader endpoints', async () => {
    const response = await rawRequest({ ...keys(), path: '/api/v1/openapi.json', headers: { 'x-signature': null } });
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/withdrawals', '/api/v1/withdrawals/{orderNo}/decision', '/api/v1/orders/{orderNo}', '/api/v1/trader/tasks', '/api/v1/webhooks/test']),
    );
    expect(document.components.schemas).toHaveProperty('CreatePayoutRequest');
    expect(JSON.stringify(document.components.schemas.Payout)).toContain('bankAccountLast4');
  });
});
