import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureFor } from '../../clients/node/corridor-client';
import { apiDatabase, apiMerchant, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { errorCodeIn, rawExchange, startRestHttpServer, type RestHttpServer } from './rest-http-server';

let database: TestDatabase;
let server: RestHttpServer;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  server = await startRestHttpServer();
});
afterAll(async () => {
  await server.close();
  await database.close();
});

const OVER_LIMIT = 200 * 1024; // the JSON routes take 64 KiB

function signedHead(path: string, body: Uint8Array, framing: string): string {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const signature = signatureFor(merchant.apiSecret, { timestamp, nonce, method: 'POST', pathAndQuery: path, body });
  return [
    `POST ${path} HTTP/1.1`,
    'Host: corridor.test',
    'Content-Type: application/json',
    framing,
    `X-Api-Key: ${merchant.apiKey}`,
    `X-Timestamp: ${timestamp}`,
    `X-Nonce: ${nonce}`,
    `X-Signature: ${signature}`,
    'Idempotency-Key: oversized-1',
    '',
    '',
  ].join('\r\n');
}

describe('a client sends a body over the route limit to make the server read it all or leave the connection in a broken state; Corridor answers 413 in full and closes the connection', () => {
  it('a declared Content-Length over the limit: the whole 413 JSON answer, with a request id and Connection: close, then the server closes', async () => {
    const body = new Uint8Array(OVER_LIMIT).fill(0x20);
    const exchange = await rawExchange(server.port, signedHead('/api/v1/withdrawals', body, `Content-Length: ${body.length}`), body);
    expect([exchange.status, errorCodeIn(exchange)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(exchange.headers['x-request-id']).toMatch(/^req_/);
    expect(exchange.headers.connection).toBe('close');
    expect(exchange.closedByServer).toBe(true);
  });

  it('a signed chunked body that passes the limit while streaming: the client still receives the whole 413 answer before the connection closes', async () => {
    const payload = new Uint8Array(OVER_LIMIT).fill(0x20);
    // Several chunks, so that the limit is crossed in the middle of the stream.
    const pieces: Buffer[] = [];
    for (let offset = 0; offset < payload.length; offset += 16 * 1024) {
      const piece = payload.subarray(offset, offset + 16 * 1024);
      pieces.push(Buffer.from(`${piece.length.toString(16)}\r\n`), Buffer.from(piece), Buffer.from('\r\n'));
    }
    pieces.push(Buffer.from('0\r\n\r\n'));
    const exchange = await rawExchange(server.port, signedHead('/api/v1/withdrawals', payload, 'Transfer-Encoding: chunked'), Buffer.concat(pieces));
    expect([exchange.status, errorCodeIn(exchange)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(exchange.headers['x-request-id']).toMatch(/^req_/);
    expect(JSON.parse(exchange.body)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', requestId: exchange.headers['x-request-id'] } });
    expect(exchange.headers.connection).toBe('close');
    expect(exchange.closedByServer).toBe(true);
  });
});
