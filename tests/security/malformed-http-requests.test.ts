import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDatabase } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { errorCodeIn, rawExchange, startRestHttpServer, type RestHttpServer } from './rest-http-server';

let database: TestDatabase;
let server: RestHttpServer;

beforeAll(async () => {
  database = await apiDatabase();
  server = await startRestHttpServer();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe('a client sends requests whose framing is ambiguous or broken (request-smuggling shapes, bodies on GET, no Host) to get answers that escape the API contract; every answer is the JSON error with a request id, and the connection is closed', () => {
  it('Content-Length beside Transfer-Encoding: 400 MALFORMED_REQUEST as JSON with X-Request-Id, not a bare status line', async () => {
    const exchange = await rawExchange(
      server.port,
      'GET /api/v1/withdrawals HTTP/1.1\r\nHost: corridor.test\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
    );
    expect([exchange.status, errorCodeIn(exchange)]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(exchange.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
    expect(exchange.headers['content-type']).toMatch(/^application\/json/);
    expect(exchange.headers.connection).toBe('close');
    expect(exchange.closedByServer).toBe(true);
  });

  it('a GET with a body: the JSON answer with X-Request-Id, and the unread body ends the connection instead of being taken for the next request', async () => {
    const exchange = await rawExchange(server.port, 'GET /api/v1/withdrawals HTTP/1.1\r\nHost: corridor.test\r\nContent-Length: 11\r\n\r\n{"a":"b"}\r\n');
    expect([exchange.status, errorCodeIn(exchange)]).toEqual([401, 'AUTH_MISSING']);
    expect(exchange.headers['x-request-id']).toMatch(/^req_/);
    expect(exchange.headers.connection).toBe('close');
    expect(exchange.closedByServer).toBe(true);
  });

  it('an HTTP/1.0 request without Host, which the Web Request cannot be built from: 400 MALFORMED_REQUEST as JSON', async () => {
    const exchange = await rawExchange(server.port, 'GET /api/v1/withdrawals HTTP/1.0\r\n\r\n');
    expect([exchange.status, errorCodeIn(exchange)]).toEqual([400, 'MALFORMED_REQUEST']);
    expect(exchange.headers['x-request-id']).toMatch(/^req_/);
  });

  it('headers over Node\'s 16 KiB limit: 431 HEADERS_TOO_LARGE as JSON', async () => {
    const exchange = await rawExchange(server.port, `GET /api/v1/withdrawals HTTP/1.1\r\nHost: corridor.test\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect([exchange.status, errorCodeIn(exchange)]).toEqual([431, 'HEADERS_TOO_LARGE']);
    expect(exchange.headers['x-request-id']).toMatch(/^req_/);
  });
});
