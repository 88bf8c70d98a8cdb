import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureFor } from '../../clients/node/corridor-client';
import { SERVER_TIMEOUTS } from '../../scripts/connection-policies';
import { apiDatabase, apiMerchant, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { errorCodeIn, rawExchange, startRestHttpServer, type RestHttpServer } from './rest-http-server';

let database: TestDatabase;
let server: RestHttpServer;
let merchant: TestMerchant;

// The production limits are 20 s and 60 s; the same mechanism is exercised with short ones.
beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  server = await startRestHttpServer({ headersMs: 300, requestMs: 1_000, checkIntervalMs: 100 });
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe('a client opens connections and feeds them slowly (half a header, or a body that never ends) to hold sockets and memory for ever; Corridor closes them past its headers and request timeouts', () => {
  it('npm start uses 20 s for headers, 60 s for a whole request and 65 s for an idle kept-alive connection', () => {
    expect(SERVER_TIMEOUTS).toMatchObject({ headersMs: 20_000, requestMs: 60_000, keepAliveMs: 65_000 });
    expect(SERVER_TIMEOUTS.checkIntervalMs).toBeLessThanOrEqual(5_000);
  });

  it('half a header, then silence: the server answers 408 REQUEST_TIMEOUT as JSON and closes the connection', async () => {
    const exchange = await rawExchange(server.port, 'GET /api/v1/withdrawals HTTP/1.1\r\nHost: corridor.test\r\nX-Api-', undefined, 15_000);
    expect(exchange.closedByServer).toBe(true);
    expect([exchange.status, errorCodeIn(exchange)]).toEqual([408, 'REQUEST_TIMEOUT']);
    expect(exchange.headers['x-request-id']).toMatch(/^req_/);
  });

  it('a signed request whose body never arrives in full: closed once the whole-request timeout passes', async () => {
    const timestamp = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const body = '{"merchantOrderNo":"slow"}';
    const signature = signatureFor(merchant.apiSecret, { timestamp, nonce, method: 'POST', pathAndQuery: '/api/v1/withdrawals', body });
    const head = [
      'POST /api/v1/withdrawals HTTP/1.1',
      'Host: corridor.test',
      'Content-Type: application/json',
      `Content-Length: ${body.length}`,
      `X-Api-Key: ${merchant.apiKey}`,
      `X-Timestamp: ${timestamp}`,
      `X-Nonce: ${nonce}`,
      `X-Signature: ${signature}`,
      'Idempotency-Key: slow-1',
      '',
      '{"merchant',
    ].join('\r\n');
    const exchange = await rawExchange(server.port, head, undefined, 15_000);
    expect(exchange.closedByServer).toBe(true);
    expect([exchange.status, errorCodeIn(exchange)]).toEqual([408, 'REQUEST_TIMEOUT']);
  });
});
