import { randomBytes, randomUUID } from 'node:crypto';
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

const FIFTEEN_MB = 15 * 1024 * 1024;
/** Far below the 15 MB sent: what the kernel and Node take in before the answer goes out. */
const SMALL = 1024 * 1024;

// The proof upload route accepts the largest bodies (three 5 MB images), so it is the one an
// attacker would pick to make the server buffer megabytes.
const uploadPath = () => `/api/v1/trader/tasks/${randomUUID()}/proof`;

describe('an anonymous client posts 15 MB bodies to make the server buffer and hash them; Corridor answers 401 from the headers alone and reads almost none of the body', () => {
  it('no auth headers: 401 AUTH_MISSING with a request id, Connection: close, and at most a small part of the body read', async () => {
    const before = server.bytesRead();
    const exchange = await rawExchange(
      server.port,
      `POST ${uploadPath()} HTTP/1.1\r\nHost: corridor.test\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${FIFTEEN_MB}\r\n\r\n`,
      new Uint8Array(FIFTEEN_MB),
    );
    expect([exchange.status, errorCodeIn(exchange)]).toEqual([401, 'AUTH_MISSING']);
    expect(exchange.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
    expect(exchange.headers.connection).toBe('close');
    expect(exchange.closedByServer).toBe(true);
    expect(server.bytesRead() - before).toBeLessThan(SMALL);
  });

  it('well-formed headers naming an unknown key: 401 INVALID_API_KEY, the chunked body likewise left unread', async () => {
    const before = server.bytesRead();
    const headers = [
      `POST ${uploadPath()} HTTP/1.1`,
      'Host: corridor.test',
      'Content-Type: multipart/form-data; boundary=x',
      'Transfer-Encoding: chunked',
      `X-Api-Key: ak_${randomBytes(16).toString('hex')}`,
      `X-Timestamp: ${Date.now()}`,
      `X-Nonce: ${randomBytes(16).toString('hex')}`,
      `X-Signature: ${'0'.repeat(64)}`,
    ];
    // One 15 MB chunk, framed by hand.
    const framing = Buffer.from(`${FIFTEEN_MB.toString(16)}\r\n`);
    const body = Buffer.concat([framing, Buffer.alloc(FIFTEEN_MB), Buffer.from('\r\n0\r\n\r\n')]);
    const exchange = await rawExchange(server.port, `${headers.join('\r\n')}\r\n\r\n`, body);
    expect([exchange.status, errorCodeIn(exchange)]).toEqual([401, 'INVALID_API_KEY']);
    expect(exchange.headers['x-request-id']).toMatch(/^req_/);
    expect(exchange.headers.connection).toBe('close');
    expect(server.bytesRead() - before).toBeLessThan(SMALL);
  });
});
