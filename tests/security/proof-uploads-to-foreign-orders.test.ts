import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorTraderClient, type PayoutCreated } from '../../clients/node/corridor-client';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { proofImagesDecoded } from '../../server/images/prepare-images';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, payoutBody, payoutTrader, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { tinyPng } from '../fixtures/images';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

async function traderBot() {
  const trader = await payoutTrader(database.db);
  const key = await issueApiKey(database.db, { traderId: trader.traderId });
  return new CorridorTraderClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
}

/**
 * A PNG signature followed by garbage: it passes the magic-byte check, and decoding it would
 * answer 400 VALIDATION_FAILED ("is not a readable image"). A 404 therefore proves it was never
 * handed to the decoder, as does the decoder's counter.
 */
const undecodable = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(4 * 1024 * 1024).fill(7)]);
const files = [1, 2, 3].map((n) => ({ name: `slip-${n}.png`, type: 'image/png', bytes: undecodable }));

const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

describe('a trader key uploads large images to random or foreign order ids to make the server decode them for nothing; Corridor checks the order and its trader before any image work', () => {
  it('a nonexistent order: 404 ORDER_NOT_FOUND, and not one image decoded', async () => {
    const bot = await traderBot();
    const before = proofImagesDecoded();
    const response = await bot.submitProof(randomUUID(), files);
    expect([response.status, code(response.body)]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(proofImagesDecoded()).toBe(before);
  });

  it("another trader's accepted task: 404 ORDER_NOT_FOUND, and not one image decoded", async () => {
    const holder = await traderBot();
    const stranger = await traderBot();
    const created = (await merchant.client.createPayout(payoutBody() as never, `foreign-${randomUUID()}`)).body as PayoutCreated;
    expect((await holder.acceptTask(created.orderId)).status).toBe(200);
    const before = proofImagesDecoded();
    const response = await stranger.submitProof(created.orderId, files);
    expect([response.status, code(response.body)]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(proofImagesDecoded()).toBe(before);
  });

  it('an open task nobody has accepted: 404 ORDER_NOT_FOUND (proof comes only from the trader holding it), nothing decoded', async () => {
    const bot = await traderBot();
    const created = (await merchant.client.createPayout(payoutBody() as never, `open-${randomUUID()}`)).body as PayoutCreated;
    const before = proofImagesDecoded();
    const response = await bot.submitProof(created.orderId, files);
    expect([response.status, code(response.body)]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(proofImagesDecoded()).toBe(before);
  });

  it('its own task once proof is in: 409 INVALID_ORDER_STATE with the status, nothing decoded; the real upload before it decoded its image', async () => {
    const bot = await traderBot();
    const created = (await merchant.client.createPayout(payoutBody() as never, `done-${randomUUID()}`)).body as PayoutCreated;
    expect((await bot.acceptTask(created.orderId)).status).toBe(200);
    const first = proofImagesDecoded();
    expect((await bot.submitProof(created.orderId, [{ name: 'slip.png', type: 'image/png', bytes: await tinyPng() }])).status).toBe(200);
    expect(proofImagesDecoded()).toBe(first + 1);

    const response = await bot.submitProof(created.orderId, files);
    expect([response.status, code(response.body)]).toEqual([409, 'INVALID_ORDER_STATE']);
    expect((response.body as { error: { status: string } }).error.status).toBe('PAYMENT_SUBMITTED');
    expect(proofImagesDecoded()).toBe(first + 1);
  });
});
