import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutCreated } from '../../../clients/node/corridor-client';
import { payoutOrders, proofImages } from '../../../db/schema';
import { acceptPayout } from '../../../server/payouts/accept-payout';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader, type TestMerchant } from '../../../tests/api/api-harness';
import type { TestDatabase } from '../../../tests/db/test-database';
import { tinyPng } from '../../../tests/fixtures/images';
import { submitProofForm } from './submit-proof-form';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

/** A trader holding a freshly accepted payout. */
async function acceptedTask() {
  const trader = await payoutTrader(database.db, '7.0000');
  const created = (await merchant.client.createPayout(payoutBody() as never, `upload-${randomUUID()}`)).body as PayoutCreated;
  await acceptPayout(database.db, { traderId: trader.traderId, orderId: created.orderId });
  return { traderId: trader.traderId, orderId: created.orderId };
}

/** The form the page sends: orderId and the files under `proofs`. */
function formOf(orderId: string, files: { name: string; bytes: Uint8Array; type?: string }[]) {
  const form = new FormData();
  form.set('orderId', orderId);
  for (const file of files) form.append('proofs', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'image/png' }));
  return form;
}

/** A real PNG of about 6 MB: random pixels do not compress. */
async function sixMegabytePng(): Promise<Uint8Array> {
  const width = 1500;
  const height = 1400;
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  const png = new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer());
  expect(png.length).toBeGreaterThan(5 * 1024 * 1024);
  expect(png.length).toBeLessThan(7 * 1024 * 1024);
  return png;
}

async function stored(orderId: string) {
  const [images] = await database.db.select({ n: count() }).from(proofImages).where(eq(proofImages.payoutOrderId, orderId));
  const [order] = await database.db.select().from(payoutOrders).where(eq(payoutOrders.id, orderId));
  return { images: images?.n, status: order?.status, firstProofSubmittedAt: order?.firstProofSubmittedAt };
}

const untouched = { images: 0, status: 'PENDING_PAYMENT', firstProofSubmittedAt: null };

describe('the dashboard proof upload', () => {
  it('two images: stored, and the payout is PAYMENT_SUBMITTED', async () => {
    const task = await acceptedTask();
    const result = await submitProofForm(
      database.db,
      task.traderId,
      formOf(task.orderId, [
        { name: 'a.png', bytes: await tinyPng('red') },
        { name: 'b.png', bytes: await tinyPng('blue') },
      ]),
    );
    expect(result).toMatchObject({ ok: true, status: 'PAYMENT_SUBMITTED' });
    expect(await stored(task.orderId)).toMatchObject({ images: 2, status: 'PAYMENT_SUBMITTED' });
  });

  it('a 6 MB image is refused with a clear error; nothing is stored', async () => {
    const task = await acceptedTask();
    const result = await submitProofForm(database.db, task.traderId, formOf(task.orderId, [{ name: 'big.png', bytes: await sixMegabytePng() }]));
    expect(result).toEqual({
      ok: false,
      code: 'VALIDATION_FAILED',
      message: 'Proof image 1 must be at most 5 MB.',
      details: [{ path: 'proofs.0', message: 'must be at most 5 MB' }],
    });
    expect(await stored(task.orderId)).toEqual(untouched);
  });

  it('a text file renamed .png (declared image/png) is refused by its bytes; nothing is stored, even beside a good image', async () => {
    const task = await acceptedTask();
    const result = await submitProofForm(
      database.db,
      task.traderId,
      formOf(task.orderId, [
        { name: 'good.png', bytes: await tinyPng() },
        { name: 'notes.png', bytes: new TextEncoder().encode('just some text, not a picture') },
      ]),
    );
    expect(result).toEqual({
      ok: false,
      code: 'VALIDATION_FAILED',
      message: 'Proof image 2 must be a JPEG, PNG or WebP image.',
      details: [{ path: 'proofs.1', message: 'must be a JPEG, PNG or WebP image' }],
    });
    expect(await stored(task.orderId)).toEqual(untouched);
  });

  it('a 4th image is refused; nothing is stored', async () => {
    const task = await acceptedTask();
    const four = await Promise.all(['red', 'green', 'blue', 'white'].map(async (colour) => ({ name: `${colour}.png`, bytes: await tinyPng(colour) })));
    const result = await submitProofForm(database.db, task.traderId, formOf(task.orderId, four));
    expect(result).toEqual({ ok: false, code: 'VALIDATION_FAILED', message: 'Upload at most 3 proof images.', details: [{ path: 'proofs', message: 'must be 1 to 3 images' }] });
    expect(await stored(task.orderId)).toEqual(untouched);
  });

  it('no image, a bad order id, and another trader’s order are coded refusals', async () => {
    const task = await acceptedTask();
    expect(await submitProofForm(database.db, task.traderId, formOf(task.orderId, []))).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await submitProofForm(database.db, task.traderId, formOf('nope', [{ name: 'a.png', bytes: await tinyPng() }]))).toMatchObject({
      ok: false,
      code: 'VALIDATION_FAILED',
    });
    const other = await payoutTrader(database.db, '7.0000');
    expect(await submitProofForm(database.db, other.traderId, formOf(task.orderId, [{ name: 'a.png', bytes: await tinyPng() }]))).toMatchObject({
      ok: false,
      code: 'ORDER_NOT_FOUND',
    });
    expect(await stored(task.orderId)).toEqual(untouched);
  });
});
