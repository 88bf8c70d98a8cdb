import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, payoutOrders, proofImages } from '../../db/schema';
import { apiMerchant, payoutBody, payoutTrader } from '../../tests/api/api-harness';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { jpegWithExif, tinyPng } from '../../tests/fixtures/images';
import { isDomainError } from '../errors';
import { acceptPayout } from './accept-payout';
import { placePayout } from './create-payout';
import { submitPayoutProof } from './submit-payout-proof';

let database: TestDatabase;
let traderId: string;
let merchantId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  traderId = (await payoutTrader(database.db)).traderId;
  merchantId = (await apiMerchant(database.db, '100000.00')).merchantId;
});
afterAll(async () => {
  await database.close();
});

async function acceptedPayout() {
  const [merchant] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
  const order = await database.db.transaction((tx) => placePayout(tx, { merchant: merchant!, input: payoutBody() as never, now: new Date() }));
  await acceptPayout(database.db, { traderId, orderId: order.id });
  return order;
}

async function refusal(files: Uint8Array[], orderId: string, trader = traderId) {
  const error = await submitPayoutProof(database.db, { traderId: trader, orderId, files }).catch((e: unknown) => e);
  if (!isDomainError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  const stored = await database.db.select().from(proofImages).where(eq(proofImages.payoutOrderId, orderId));
  const [order] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, orderId));
  return { code: error.code, details: error.details, stored: stored.length, status: order?.status };
}

describe('payout proof upload', () => {
  it('stores 1 to 3 images re-encoded without metadata, keeping the original SHA-256', async () => {
    const order = await acceptedPayout();
    const withExif = await jpegWithExif();
    expect(Buffer.from(withExif).includes('secret-location-marker')).toBe(true);
    await submitPayoutProof(database.db, { traderId, orderId: order.id, files: [withExif, await tinyPng()] });
    const stored = await database.db.select().from(proofImages).where(eq(proofImages.payoutOrderId, order.id)).orderBy(proofImages.position);
    expect(stored.map((p) => [p.position, p.contentType, p.width, p.height])).toEqual([
      [1, 'image/jpeg', 16, 16],
      [2, 'image/png', 16, 16],
    ]);
    expect(Buffer.from(stored[0]!.data).includes('secret-location-marker')).toBe(false);
    expect((await sharp(stored[0]!.data).metadata()).exif).toBeUndefined();
    expect(stored[0]!.originalSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a 6 MB image is refused and nothing is stored', async () => {
    const order = await acceptedPayout();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await tinyPng());
    expect(await refusal([big], order.id)).toMatchObject({ code: 'VALIDATION_FAILED', stored: 0, status: 'PENDING_PAYMENT', details: [{ path: 'proofs.0', message: 'must be at most 5 MB' }] });
  });

  it('a text file named .png is refused by its bytes', async () => {
    const order = await acceptedPayout();
    const text = new TextEncoder().encode('this is not an image, whatever its name says');
    expect(await refusal([await tinyPng(), text], order.id)).toMatchObject({ code: 'VALIDATION_FAILED', stored: 0, details: [{ path: 'proofs.1', message: 'must be a JPEG, PNG or WebP image' }] });
  });

  it('a PNG signature followed by garbage is not a readable image', async () => {
    const order = await acceptedPayout();
    const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...randomBytes(64)]);
    expect(await refusal([fake], order.id)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'proofs.0', message: 'is not a readable image' }] });
  });

  it('a 4th image, or none, is refused', async () => {
    const order = await acceptedPayout();
    const image = await tinyPng();
    expect(await refusal([image, image, image, image], order.id)).toMatchObject({ code: 'VALIDATION_FAILED', stored: 0, details: [{ path: 'proofs' }] });
    expect(await refusal([], order.id)).toMatchObject({ code: 'VALIDATION_FAILED', stored: 0 });
  });

  it('only the trader holding the task can submit; another trader gets ORDER_NOT_FOUND', async () => {
    const order = await acceptedPayout();
    const other = await payoutTrader(database.db);
    expect(await refusal([await tinyPng()], order.id, other.traderId)).toMatchObject({ code: 'ORDER_NOT_FOUND', stored: 0, status: 'PENDING_PAYMENT' });
  });

  it('the first accept wins; a second trader is told the order moved on', async () => {
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    const order = await database.db.transaction((tx) => placePayout(tx, { merchant: merchant!, input: payoutBody() as never, now: new Date() }));
    const second = await payoutTrader(database.db);
    const results = await Promise.allSettled([
      acceptPayout(database.db, { traderId, orderId: order.id }),
      acceptPayout(database.db, { traderId: second.traderId, orderId: order.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(isDomainError(loser.reason, 'INVALID_ORDER_STATE')).toBe(true);
  });
});
