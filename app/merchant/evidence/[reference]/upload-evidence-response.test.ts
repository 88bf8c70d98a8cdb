import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../db/client';
import { cliActor } from '../../../../server/audit';
import { adjustBalance } from '../../../../server/balances/adjust-balance';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { setTraderOnline } from '../../../../server/traders/set-online';
import { createTestDatabase, type TestDatabase } from '../../../../tests/db/test-database';
import { tinyPng } from '../../../../tests/fixtures/images';
import { merchantWithOwner, teamMember, type TestMember } from '../../../../tests/fixtures/merchant-team';
import { insertPayout } from '../../../../tests/fixtures/orders';
import { traderWithBalance } from '../../../../tests/fixtures/parties';
import { merchantSession } from '../../../../tests/trpc/trpc-harness';
import { uploadEvidenceResponse } from './upload-evidence-response';

let database: TestDatabase;
let owner: TestMember;
let support: TestMember;
let otherOwner: TestMember;
let submitted: { orderNo: string };
let pending: { orderNo: string };

async function form(statement: string | null, images: Uint8Array[]) {
  const body = new FormData();
  if (statement !== null) body.set('statement', statement);
  for (const image of images) body.append('images', new Blob([image as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'slip.png');
  return new Request('http://localhost/merchant/evidence/x', { method: 'POST', body });
}

async function evidenceCount() {
  const [row] = rowsOf<{ items: string; files: string }>(
    await database.db.execute(sql`select (select count(*) from dispute_evidence)::text as items, (select count(*) from dispute_evidence_files)::text as files`),
  );
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  ({ owner } = await merchantWithOwner(database.db));
  ({ owner: otherOwner } = await merchantWithOwner(database.db));
  support = await teamMember(database.db, owner, 'support');
  await adjustBalance(database.db, { owner: { type: 'merchant', id: owner.merchantId }, direction: 'credit', amount: '100', memo: 'test funding' }, cliActor);
  const trader = await traderWithBalance(database.db, '100');
  await setTraderOnline(database.db, { traderId: trader.traderId, online: true });
  const order = await insertPayout(database.db, owner.merchantId);
  await acceptPayout(database.db, { traderId: trader.traderId, orderId: order.id });
  await submitPayoutProof(database.db, { traderId: trader.traderId, orderId: order.id, files: [await tinyPng('#00aa00')] });
  submitted = order;
  pending = await insertPayout(database.db, owner.merchantId);
});
afterAll(async () => {
  await database.close();
});

const codeOf = async (response: Response) => [response.status, ((await response.json()) as { error: { code: string } }).error.code];

describe('POST /merchant/evidence/:reference', () => {
  it('refuses no session, support, an owner without a second factor, another merchant and a closed order; nothing is stored', async () => {
    const png = await tinyPng('#0000aa');
    const before = await evidenceCount();
    expect(await codeOf(await uploadEvidenceResponse(database.db, null, await form('x', [png]), submitted.orderNo))).toEqual([401, 'UNAUTHENTICATED']);
    expect(await codeOf(await uploadEvidenceResponse(database.db, merchantSession(support), await form('x', [png]), submitted.orderNo))).toEqual([403, 'FORBIDDEN']);
    expect(await codeOf(await uploadEvidenceResponse(database.db, merchantSession(owner, false), await form('x', [png]), submitted.orderNo))).toEqual([403, 'TOTP_REQUIRED']);
    expect(await codeOf(await uploadEvidenceResponse(database.db, merchantSession(otherOwner), await form('x', [png]), submitted.orderNo))).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(await codeOf(await uploadEvidenceResponse(database.db, merchantSession(owner), await form('x', [png]), pending.orderNo))).toEqual([409, 'INVALID_ORDER_STATE']);
    expect(await codeOf(await uploadEvidenceResponse(database.db, merchantSession(owner), await form(null, [new TextEncoder().encode('not an image')]), submitted.orderNo))).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(await codeOf(await uploadEvidenceResponse(database.db, merchantSession(owner), await form(null, []), submitted.orderNo))).toEqual([400, 'VALIDATION_FAILED']);
    const crossSite = await form('x', [png]);
    const forged = new Request(crossSite, { headers: new Headers([...crossSite.headers, ['sec-fetch-site', 'same-site']]) });
    expect(await codeOf(await uploadEvidenceResponse(database.db, merchantSession(owner), forged, submitted.orderNo))).toEqual([403, 'FORBIDDEN']);
    expect(await evidenceCount()).toEqual(before);
  });

  it('an owner adds a statement with two images; the API-shaped item comes back', async () => {
    const response = await uploadEvidenceResponse(database.db, merchantSession(owner), await form('Bank says nothing arrived.', [await tinyPng('#111111'), await tinyPng('#222222')]), submitted.orderNo);
    expect(response.status).toBe(201);
    const item = (await response.json()) as { party: string; statement: string; files: unknown[] };
    expect(item).toMatchObject({ party: 'merchant', statement: 'Bank says nothing arrived.' });
    expect(item.files).toHaveLength(2);
  });
});
