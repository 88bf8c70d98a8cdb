import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorClient } from '../../clients/node/corridor-client';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { startRestHttpServer, type RestHttpServer } from './rest-http-server';

/**
 * The REST adapter reads the client address from x-corridor-client-ip, the header the server
 * stamps from the socket (docs/security.md, "Client addresses"). An attacker holding an
 * allowlisted key sends that header themselves, naming an allowed address, with TRUST_PROXY
 * unset. The server drops the copy the client sent and writes the socket's address before the
 * adapter sees the request: the key is refused as from the attacker's real address. (Were the
 * header passed through unstamped, this test would see 200.)
 */
let database: TestDatabase;
let merchant: TestMerchant;
let server: RestHttpServer;
let key: { keyId: string; secret: string };

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  key = await issueApiKey(database.db, { merchantId: merchant.merchantId }, { scopes: ['balance:read'], ipAllowlist: ['203.0.113.0/24'] });
  server = await startRestHttpServer();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

describe('a client forges x-corridor-client-ip to pass an IP allowlist, with no trusted proxy', () => {
  it('a forged header naming an allowed address: 403 IP_NOT_ALLOWED', async () => {
    const client = new CorridorClient({ baseUrl: `http://127.0.0.1:${server.port}`, apiKey: key.keyId, apiSecret: key.secret });
    for (const forged of ['203.0.113.5', ' 203.0.113.5']) {
      const response = await client.request('GET', '/api/v1/balance', { headers: { 'x-corridor-client-ip': forged } });
      expect([response.status, code(response.body)], forged).toEqual([403, 'IP_NOT_ALLOWED']);
    }
  });

  it('the same key from inside its allowlist is answered (the check is not refusing everything)', async () => {
    // In-process, the header given is the one the server would stamp for a client at 203.0.113.5.
    const client = new CorridorClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
    const response = await client.request('GET', '/api/v1/balance', { headers: { 'x-corridor-client-ip': '203.0.113.5' } });
    expect(response.status).toBe(200);
  });
});
