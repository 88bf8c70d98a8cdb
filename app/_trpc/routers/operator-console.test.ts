import { TRPCError } from '@trpc/server';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/db/test-database';
import { insertPayout } from '../../../tests/fixtures/orders';
import { merchantWithBalance } from '../../../tests/fixtures/parties';
import { signedInOperator } from '../../../tests/trpc/trpc-harness';
import { errorText, fieldError } from '../../_components/error-text';
import { appRouter } from '../root';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The error as a page receives it: the router's error formatter over the thrown error. */
async function shapeOf(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const shape = getErrorShape({ config: appRouter._def._config, error: error as TRPCError, type: 'mutation', path: 'x', input: undefined, ctx: undefined });
  return shape as { message: string; data: { code: string; details?: { path: string; message: string }[] } };
}

describe('field-level errors', () => {
  it('names each failing field of a form, so the page shows it under the field', async () => {
    const db = database.db;
    const merchant = await merchantWithBalance(db, '100.000000');
    const pending = await insertPayout(db, merchant.merchantId);
    const operator = await signedInOperator(db);

    const shape = await shapeOf(operator.caller.operator.stuckPayouts.cancel({ orderId: pending.id, note: '' }));
    expect(shape.data.code).toBe('VALIDATION_FAILED');
    expect(shape.data.details).toEqual([expect.objectContaining({ path: 'note' })]);
    const page = { message: shape.message, data: shape.data };
    expect(fieldError(page, 'note')).toEqual(expect.any(String));
    expect(fieldError(page, 'orderId')).toBeNull();
    expect(errorText(page, 'en', { note: 'Note' })).toMatch(/^Some fields need attention: Note .+\.$/);
    expect(errorText(page, 'zh', { note: '备注' })).toBe('请检查“备注”：填写的值无效。');
    expect(fieldError(page, 'note', 'zh')).toBe('该项的值无效，请检查后重试。');
    for (const lang of ['en', 'zh'] as const) expect(errorText(page, lang)).not.toMatch(/VALIDATION_FAILED|The request is not valid/);

    const bulk = await shapeOf(operator.caller.operator.disputes.bulkClaim({ cases: [{ flow: 'payout', orderId: 'nope' }] }));
    expect(bulk.data.details).toEqual([expect.objectContaining({ path: 'cases.0.orderId' })]);
  });
});

describe('TOTP enrolment', () => {
  it('shows the setup link as a QR code, an SVG made on the server', async () => {
    const operator = await signedInOperator(database.db, false);
    const started = await operator.caller.operator.enrolment.start({});
    expect(started.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(started.qrCode.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<path');
    // The secret is in the picture's modules, never in its text.
    expect(svg).not.toContain(started.secret);
  });
});
