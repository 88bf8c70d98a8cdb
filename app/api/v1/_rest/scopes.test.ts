import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../db/client';
import { issueApiKey } from '../../../../server/api-keys/issue-api-key';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { tinyPng } from '../../../../tests/fixtures/images';
import { insertPayout } from '../../../../tests/fixtures/orders';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../../../server/api-keys/scopes';
import { apiDatabase, apiMerchant, errorCodeOf, payinTrader, payoutBody, payoutTrader, rawRequest, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import type { Route } from './route-definition';
import { routes } from './routes';

/**
 * docs/api.md, "API keys and scopes": every merchant route of the table refuses a key that lacks
 * one of its scopes with 403 INSUFFICIENT_SCOPE and changes nothing, and a key holding exactly the
 * route's scopes (or every scope, as keys issued before scopes did) gets through.
 */
let database: TestDatabase;
let merchant: TestMerchant;
let payoutOrderNo: string;
let payinOrderNo: string;
let payoutTraderId: string;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db, '100000.00');
  payoutTraderId = (await payoutTrader(database.db)).traderId;
  await payinTrader(database.db);
  const payout = await merchant.client.createPayout(payoutBody() as never, `scopes-setup-${randomBytes(4).toString('hex')}`);
  payoutOrderNo = (payout.body as { orderNo: string }).orderNo;
  const payin = await merchant.client.createPayin({ merchantOrderNo: `scopes-payin-${randomBytes(4).toString('hex')}`, fiatAmount: '100.00' });
  payinOrderNo = (payin.body as { orderNo: string }).orderNo;
});
afterAll(async () => {
  await database.close();
});

interface Call {
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * A request each route would act on if it were let through: real orders, valid bodies, so a
 * missing check would show as a change. A route added later falls back to placeholder params and
 * an empty object, which the scope check must still refuse before reading.
 */
async function callFor(route: Route): Promise<Call> {
  const tag = randomBytes(6).toString('hex');
  switch (route.operationId) {
    case 'createPayout':
      return { path: '/api/v1/withdrawals', body: JSON.stringify(payoutBody()), headers: { 'idempotency-key': `scopes-${tag}` } };
    case 'getPayout':
      return { path: `/api/v1/withdrawals/${payoutOrderNo}` };
    case 'decidePayout': {
      // A payout awaiting the merchant's decision: accepted and proven by the trader.
      const order = await insertPayout(database.db, merchant.merchantId);
      await acceptPayout(database.db, { traderId: payoutTraderId, orderId: order.id });
      await submitPayoutProof(database.db, { traderId: payoutTraderId, orderId: order.id, files: [await tinyPng(`#${tag.slice(0, 6)}`)] });
      return { path: `/api/v1/withdrawals/${order.orderNo}/decision`, body: JSON.stringify({ decision: 'DISPUTE', reason: 'never arrived' }) };
    }
    case 'createPayin':
      return { path: '/api/v1/orders', body: JSON.stringify({ merchantOrderNo: `scopes-${tag}`, fiatAmount: '100.00' }) };
    case 'getPayin':
      return { path: `/api/v1/orders/${payinOrderNo}` };
    case 'cancelPayout': {
      // A payout still waiting for a trader: the merchant may cancel it.
      const order = await insertPayout(database.db, merchant.merchantId);
      return { path: `/api/v1/withdrawals/${order.orderNo}/cancel`, body: JSON.stringify({ reason: 'changed our mind' }) };
    }
    case 'cancelPayin': {
      const created = await merchant.client.createPayin({ merchantOrderNo: `scopes-cancel-${tag}`, fiatAmount: '100.00' });
      return { path: `/api/v1/orders/${(created.body as { orderNo: string }).orderNo}/cancel`, body: JSON.stringify({ reason: 'changed our mind' }) };
    }
    case 'setWebhookEndpoint':
      return { path: '/api/v1/webhooks/endpoint', body: JSON.stringify({ url: `https://shop.example/hooks/${tag}` }) };
    case 'createApiKey':
      return { path: '/api/v1/api-keys', body: JSON.stringify({ label: tag, scopes: ['balance:read'] }) };
    case 'revokeApiKey': {
      const target = await issueApiKey(database.db, { merchantId: merchant.merchantId }, { scopes: ['balance:read'] });
      return { path: `/api/v1/api-keys/${target.keyId}/revoke` };
    }
    default: {
      const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => (name === 'eventId' ? `evt_${'0'.repeat(32)}` : name.endsWith('Id') ? '00000000-0000-4000-8000-000000000000' : 'x'));
      return { path: `/api/v1/${path}`, body: route.method === 'POST' && route.body ? '{}' : undefined };
    }
  }
}

/** Routes whose request above succeeds and writes, so that the refused one is seen to have written nothing. */
const WRITES = new Set(['createPayout', 'decidePayout', 'cancelPayout', 'createPayin', 'cancelPayin', 'setWebhookEndpoint', 'createApiKey', 'revokeApiKey']);

/**
 * A digest of every table but the nonces (each signed request records one), the request log (each
 * answered call, refused ones included, is written there a moment later) and the keys' lastUsedAt
 * (written after any accepted signature): any other row a request adds, changes or removes shows.
 */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('used_nonces', 'api_request_log', 'api_keys') order by 1`),
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ digest: string | null }>(await database.db.execute(sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`)));
    digest[name] = row?.digest ?? '';
  }
  const [keys] = rowsOf<{ digest: string }>(
    await database.db.execute(sql`select md5(coalesce(string_agg((id, key_id, revoked_at, scopes, expires_at, ip_allowlist, label)::text, '|' order by id), '')) as digest from api_keys`),
  );
  digest.api_keys = keys?.digest ?? '';
  return digest;
}

async function keyWith(scopes: readonly ApiKeyScope[] | null) {
  const key = await issueApiKey(database.db, { merchantId: merchant.merchantId }, { scopes });
  return { apiKey: key.keyId, apiSecret: key.secret };
}

async function send(route: Route, key: { apiKey: string; apiSecret: string }, call: Call) {
  return rawRequest({ ...key, method: route.method, path: call.path, body: call.body, headers: call.headers });
}

const merchantRoutes = routes.filter((route) => route.auth === 'merchant');

describe('every merchant route refuses a key lacking its scopes (403 INSUFFICIENT_SCOPE) and changes nothing', () => {
  it('the table has merchant routes, each declaring at least one scope', () => {
    expect(merchantRoutes.length).toBeGreaterThan(10);
    for (const route of merchantRoutes) expect(route.scopes.length, route.operationId).toBeGreaterThan(0);
  });

  it.each(merchantRoutes.map((route) => [`${route.method} /api/v1/${route.path}`, route] as const))('%s', async (_, route) => {
    // Every scope but the route's: only what the route needs is missing.
    const lacking = await keyWith(API_KEY_SCOPES.filter((scope) => !route.scopes.includes(scope)));
    const call = await callFor(route);
    const before = await fingerprint();
    const refused = await send(route, lacking, call);
    expect([refused.status, await errorCodeOf(refused)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(await fingerprint()).toEqual(before);

    // The same request with a key holding exactly the route's scopes is not refused for scope (a
    // key route also needs the scope of the key it creates or revokes: balance:read here).
    const exact = await keyWith(route.tag === 'API keys' ? [...route.scopes, 'balance:read'] : route.scopes);
    const allowed = await send(route, exact, WRITES.has(route.operationId) ? call : await callFor(route));
    const code = allowed.status >= 400 ? await errorCodeOf(allowed) : 'OK';
    expect(code, route.operationId).not.toBe('INSUFFICIENT_SCOPE');
    if (WRITES.has(route.operationId)) {
      expect(allowed.status, `${route.operationId}: ${code}`).toBeLessThan(300);
      expect(await fingerprint()).not.toEqual(before);
    }
  });
});

describe('full access and partial keys', () => {
  it('a key without scopes (null: issued before scopes existed) holds every scope but wallet:withdraw, which is granted by name only', async () => {
    const full = await keyWith(null);
    for (const route of merchantRoutes) {
      const response = await send(route, full, await callFor(route));
      const code = response.status >= 400 ? await errorCodeOf(response) : 'OK';
      if (route.scopes.includes('wallet:withdraw')) expect(code, route.operationId).toBe('INSUFFICIENT_SCOPE');
      else expect(code, route.operationId).not.toBe('INSUFFICIENT_SCOPE');
    }
  });

  it('the refusal names the missing scope, and a key with the scope of another flow is refused too', async () => {
    const payinsOnly = await keyWith(['payins:read', 'payins:write']);
    const response = await rawRequest({ ...payinsOnly, path: '/api/v1/withdrawals' });
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect([response.status, body.error.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    expect(body.error.message).toContain('payouts:read');
  });

  it('write does not imply read: payouts:write alone cannot list payouts', async () => {
    const writer = await keyWith(['payouts:write']);
    const response = await rawRequest({ ...writer, path: '/api/v1/withdrawals' });
    expect([response.status, await errorCodeOf(response)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });

  it('scope is checked before input: a scoped-out request with a broken body is 403, not 400', async () => {
    const reader = await keyWith(['payouts:read']);
    const response = await rawRequest({ ...reader, method: 'POST', path: '/api/v1/withdrawals', body: '{"not":"valid"', headers: { 'idempotency-key': 'broken-body' } });
    expect([response.status, await errorCodeOf(response)]).toEqual([403, 'INSUFFICIENT_SCOPE']);
  });

  it('a trader key is unaffected by scopes: the trader API declares none', async () => {
    for (const route of routes.filter((candidate) => candidate.auth === 'trader')) expect(route.scopes, route.operationId).toEqual([]);
  });
});
