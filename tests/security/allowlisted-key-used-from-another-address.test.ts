import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient } from '../../clients/node/corridor-client';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { parseTrustedProxies } from '../../server/http/client-address';
import { apiDatabase, apiMerchant, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { startRestHttpServer, type RestHttpServer } from './rest-http-server';

/**
 * A key and its secret leak from a merchant's server, whose key is allowlisted to the merchant's
 * own network. The attacker signs perfectly valid requests from elsewhere and, knowing the
 * allowlist is checked, claims an allowed address in X-Forwarded-For. The address is the
 * connection's unless it comes through a proxy in TRUST_PROXY: every request is 403
 * IP_NOT_ALLOWED, and the answer does not say which addresses would do.
 *
 * Over real HTTP, on a server built like scripts/serve.ts; the test's client connects from
 * 127.0.0.1, which plays the attacker's address (or, in the last test, the trusted proxy).
 */
let database: TestDatabase;
let merchant: TestMerchant;
let leaked: { keyId: string; secret: string };

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  leaked = await issueApiKey(database.db, { merchantId: merchant.merchantId }, { scopes: ['balance:read'], ipAllowlist: ['192.0.2.0/24', '2001:db8::/32'] });
});
afterAll(async () => {
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

async function withServer<T>(trustProxy: string | undefined, run: (client: CorridorClient) => Promise<T>): Promise<T> {
  const server: RestHttpServer = await startRestHttpServer({}, parseTrustedProxies(trustProxy));
  try {
    return await run(new CorridorClient({ baseUrl: `http://127.0.0.1:${server.port}`, apiKey: leaked.keyId, apiSecret: leaked.secret }));
  } finally {
    await server.close();
  }
}

describe('a leaked allowlisted key is used from another address', () => {
  it('plainly: 403 IP_NOT_ALLOWED, naming neither the ranges nor the merchant', async () => {
    await withServer(undefined, async (client) => {
      const response = await client.getBalance();
      expect([response.status, code(response.body)]).toEqual([403, 'IP_NOT_ALLOWED']);
      const text = JSON.stringify(response.body);
      expect(text).not.toMatch(/192\.0\.2|2001:db8/);
      expect(text).not.toContain(merchant.merchantId);
    });
  });

  it('claiming an allowed address in X-Forwarded-For, Forwarded or X-Real-IP, without a trusted proxy: still 403', async () => {
    await withServer(undefined, async (client) => {
      const claims: Record<string, string>[] = [{ 'x-forwarded-for': '192.0.2.10' }, { forwarded: 'for=192.0.2.10' }, { 'x-real-ip': '192.0.2.10' }, { 'x-forwarded-for': '2001:db8::1, 192.0.2.10' }];
      for (const headers of claims) {
        const response = await client.request('GET', '/api/v1/balance', { headers });
        expect([response.status, code(response.body)], JSON.stringify(headers)).toEqual([403, 'IP_NOT_ALLOWED']);
      }
    });
  });

  it('through a trusted proxy, the address it recorded decides, and what the client wrote to its left does not', async () => {
    await withServer('127.0.0.1', async (client) => {
      const allowed = await client.request('GET', '/api/v1/balance', { headers: { 'x-forwarded-for': '192.0.2.10' } });
      expect(allowed.status).toBe(200);
      const mapped = await client.request('GET', '/api/v1/balance', { headers: { 'x-forwarded-for': '::ffff:192.0.2.10' } });
      expect(mapped.status).toBe(200);
      const smuggled = await client.request('GET', '/api/v1/balance', { headers: { 'x-forwarded-for': '192.0.2.10, 198.51.100.7' } });
      expect([smuggled.status, code(smuggled.body)]).toEqual([403, 'IP_NOT_ALLOWED']);
    });
  });
});
