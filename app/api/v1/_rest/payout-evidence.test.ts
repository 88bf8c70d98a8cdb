import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DisputeEvidence, DisputeEvidenceList, EventList, PayoutDisputeResolved } from '../../../../clients/node/corridor-client';
import { auditLog, disputeEvidence, disputeEvidenceFiles } from '../../../../db/schema';
import { addDisputeEvidence } from '../../../../server/disputes/add-dispute-evidence';
import { claimDispute } from '../../../../server/disputes/claim-dispute';
import { ruleDispute } from '../../../../server/disputes/rule-dispute';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { proofImageSlots, proofImagesDecoded } from '../../../../server/images/prepare-images';
import { setTraderOnline } from '../../../../server/traders/set-online';
import { apiDatabase, apiMerchant, rawRequest, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { jpegWithExif, tinyPng } from '../../../../tests/fixtures/images';
import { insertPayout } from '../../../../tests/fixtures/orders';
import { traderWithBalance } from '../../../../tests/fixtures/parties';
import { signal } from '../../../../tests/signal';
import { signedInOperator } from '../../../../tests/trpc/trpc-harness';
import { openApiDocument } from './openapi';
import { routes } from './routes';

let database: TestDatabase;
let merchant: TestMerchant;
let stranger: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  stranger = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

const png = (colour = `#${randomBytes(3).toString('hex')}`) => tinyPng(colour);
const image = async (bytes?: Uint8Array) => ({ name: 'screenshot.png', type: 'image/png', bytes: bytes ?? (await png()) });
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
type PayoutDisputeResolvedEvent = { data: PayoutDisputeResolved };
const errorOf = (body: unknown) => (body as { error: { code: string; status?: string; details?: { path: string; message: string }[] } }).error;

/** A payout of `merchant` that a trader accepted and proved: PAYMENT_SUBMITTED, awaiting the merchant. */
async function submittedPayout(owner: TestMerchant = merchant) {
  const order = await insertPayout(database.db, owner.merchantId);
  const trader = await traderWithBalance(database.db, '0');
  await setTraderOnline(database.db, { traderId: trader.traderId, online: true });
  await acceptPayout(database.db, { traderId: trader.traderId, orderId: order.id });
  await submitPayoutProof(database.db, { traderId: trader.traderId, orderId: order.id, files: [await png()] });
  return { ...order, traderId: trader.traderId };
}

async function storedEvidence(orderId: string) {
  const items = await database.db.select().from(disputeEvidence).where(eq(disputeEvidence.orderId, orderId));
  const files = await database.db
    .select({ id: disputeEvidenceFiles.id, data: disputeEvidenceFiles.data })
    .from(disputeEvidenceFiles)
    .innerJoin(disputeEvidence, eq(disputeEvidence.id, disputeEvidenceFiles.evidenceId))
    .where(eq(disputeEvidence.orderId, orderId));
  return { items, files };
}

/** A signed multipart upload built by hand, for the bodies the client would never send. */
async function rawUpload(orderNo: string, form: FormData, owner: TestMerchant = merchant) {
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  return owner.client.request('POST', `/api/v1/withdrawals/${encodeURIComponent(orderNo)}/evidence`, {
    raw: { bytes, contentType: encoded.headers.get('content-type')! },
  });
}

describe('POST /api/v1/withdrawals/:orderNo/evidence', () => {
  it('adds a statement and images before disputing and one more image after; the list shows them without bytes', async () => {
    const order = await submittedPayout();
    const first = [await png('#102030'), await png('#405060')];
    const added = await merchant.client.addPayoutEvidence(order.orderNo, {
      statement: 'The recipient says nothing arrived.\nBank statement attached.',
      images: [await image(first[0]), await image(first[1])],
    });
    expect(added.status).toBe(201);
    const item = added.body as DisputeEvidence;
    expect(item).toMatchObject({ party: 'merchant', statement: 'The recipient says nothing arrived.\nBank statement attached.' });
    expect(item.files.map((file) => [file.position, file.contentType, file.sha256, file.width, file.height])).toEqual([
      [1, 'image/png', sha256(first[0]!), 16, 16],
      [2, 'image/png', sha256(first[1]!), 16, 16],
    ]);

    expect((await merchant.client.decidePayout(order.orderNo, { decision: 'DISPUTE', reason: 'Nothing arrived' })).status).toBe(200);
    const later = await merchant.client.addPayoutEvidence(order.merchantOrderNo, { images: [await image()] });
    expect(later.status).toBe(201);
    expect((later.body as DisputeEvidence).statement).toBeNull();

    const listed = await merchant.client.listPayoutEvidence(order.orderNo);
    expect(listed.status).toBe(200);
    const list = listed.body as DisputeEvidenceList;
    expect(list.items.map((entry) => entry.id)).toEqual([item.id, (later.body as DisputeEvidence).id]);
    expect(list.items[0]).toEqual(item);
    expect(list.imagesRemaining).toBe(0);
    expect(JSON.stringify(list)).not.toMatch(/"data"/);

    const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.targetId, order.id), eq(auditLog.action, 'dispute.evidence_added')));
    expect(audit.map((row) => [row.actorType, row.actorId, (row.details as { status: string }).status])).toEqual([
      ['merchant', merchant.merchantId, 'PAYMENT_SUBMITTED'],
      ['merchant', merchant.merchantId, 'DISPUTED'],
    ]);
    expect(JSON.stringify(audit)).not.toContain('recipient says nothing');
  });

  it('re-encodes images like proofs: the metadata of the upload is not stored, its SHA-256 is', async () => {
    const order = await submittedPayout();
    const jpeg = await jpegWithExif();
    const added = await merchant.client.addPayoutEvidence(order.orderNo, { images: [{ name: 'a.jpg', type: 'image/jpeg', bytes: jpeg }] });
    expect(added.status).toBe(201);
    expect((added.body as DisputeEvidence).files[0]).toMatchObject({ contentType: 'image/jpeg', sha256: sha256(jpeg) });
    const { files } = await storedEvidence(order.id);
    expect(Buffer.from(files[0]!.data).includes('secret-location-marker')).toBe(false);
  });

  it("another merchant's payout and an unknown one are 404 ORDER_NOT_FOUND, before any image is decoded; nothing is stored", async () => {
    const order = await submittedPayout(stranger);
    const decodedBefore = proofImagesDecoded();
    for (const reference of [order.orderNo, order.merchantOrderNo, 'WD-no-such-order']) {
      const added = await merchant.client.addPayoutEvidence(reference, { statement: 'Mine?', images: [await image()] });
      expect([added.status, errorOf(added.body).code]).toEqual([404, 'ORDER_NOT_FOUND']);
      const listed = await merchant.client.listPayoutEvidence(reference);
      expect([listed.status, errorOf(listed.body).code]).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    expect(proofImagesDecoded()).toBe(decodedBefore);
    expect((await storedEvidence(order.id)).items).toEqual([]);
    // The owner's list stays its own: the stranger sees its order's evidence, the merchant nothing of it.
    expect(((await stranger.client.listPayoutEvidence(order.orderNo)).body as DisputeEvidenceList).items).toEqual([]);
  });

  it("lists the merchant's own evidence only: another party's items and images neither show nor count against its 3", async () => {
    const order = await submittedPayout();
    await addDisputeEvidence(database.db, {
      flow: 'payout',
      orderId: order.id,
      party: 'trader',
      authorId: order.traderId,
      statement: 'I paid on time; receipt attached.',
      files: [await png(), await png()],
    });
    const mine = await merchant.client.addPayoutEvidence(order.orderNo, { images: [await image(), await image(), await image()] });
    expect(mine.status).toBe(201);
    const list = (await merchant.client.listPayoutEvidence(order.orderNo)).body as DisputeEvidenceList;
    expect(list.items.map((item) => [item.party, item.files.length])).toEqual([['merchant', 3]]);
    expect(list.imagesRemaining).toBe(0);
  });

  it('outside PAYMENT_SUBMITTED and DISPUTED: 409 INVALID_ORDER_STATE with the status, before any image is decoded', async () => {
    const waiting = await insertPayout(database.db, merchant.merchantId);
    const confirmed = await submittedPayout();
    expect((await merchant.client.decidePayout(confirmed.orderNo, { decision: 'CONFIRM' })).status).toBe(200);
    const decodedBefore = proofImagesDecoded();
    for (const [order, status] of [
      [waiting, 'PENDING_MATCH'],
      [confirmed, 'COMPLETED'],
    ] as const) {
      const added = await merchant.client.addPayoutEvidence(order.orderNo, { statement: 'Too late', images: [await image()] });
      expect([added.status, errorOf(added.body).code, errorOf(added.body).status]).toEqual([409, 'INVALID_ORDER_STATE', status]);
      expect((await storedEvidence(order.id)).items).toEqual([]);
    }
    expect(proofImagesDecoded()).toBe(decodedBefore);
    // Listing is allowed in any state.
    expect((await merchant.client.listPayoutEvidence(confirmed.orderNo)).status).toBe(200);
  });
});

describe('evidence limits', () => {
  it('a 4th image is refused, in one upload or over several; nothing of the refused upload is stored', async () => {
    const order = await submittedPayout();
    const four = await merchant.client.addPayoutEvidence(order.orderNo, { images: await Promise.all([1, 2, 3, 4].map(() => image())) });
    expect([four.status, errorOf(four.body).details]).toEqual([400, [{ path: 'images', message: 'at most 3 images per order in all: 3 more allowed, 4 sent' }]]);

    expect((await merchant.client.addPayoutEvidence(order.orderNo, { images: [await image(), await image()] })).status).toBe(201);
    const over = await merchant.client.addPayoutEvidence(order.orderNo, { statement: 'Two more', images: [await image(), await image()] });
    expect([over.status, errorOf(over.body).details]).toEqual([400, [{ path: 'images', message: 'at most 3 images per order in all: 1 more allowed, 2 sent' }]]);
    expect((await merchant.client.addPayoutEvidence(order.orderNo, { images: [await image()] })).status).toBe(201);
    const fourth = await merchant.client.addPayoutEvidence(order.orderNo, { images: [await image()] });
    expect([fourth.status, errorOf(fourth.body).code]).toEqual([400, 'VALIDATION_FAILED']);
    // A statement alone still fits: the limit is on images.
    expect((await merchant.client.addPayoutEvidence(order.orderNo, { statement: 'One more thing.' })).status).toBe(201);

    const { items, files } = await storedEvidence(order.id);
    expect([items.length, files.length]).toEqual([3, 3]);
  });

  it('refuses an image over 5 MB, a file that is not an image, and names which one', async () => {
    const order = await submittedPayout();
    const oversize = new Uint8Array(5 * 1024 * 1024 + 1);
    oversize.set(await png());
    const big = await merchant.client.addPayoutEvidence(order.orderNo, { images: [await image(), await image(oversize)] });
    expect([big.status, errorOf(big.body).details]).toEqual([400, [{ path: 'images.1', message: 'must be at most 5 MB' }]]);
    const text = await merchant.client.addPayoutEvidence(order.orderNo, {
      statement: 'See attached',
      images: [{ name: 'statement.png', type: 'image/png', bytes: new TextEncoder().encode('not an image at all') }],
    });
    expect([text.status, errorOf(text.body).details]).toEqual([400, [{ path: 'images.0', message: 'must be a JPEG, PNG or WebP image' }]]);
    expect((await storedEvidence(order.id)).items).toEqual([]);
  });

  it('the statement: 2,000 characters and several lines pass (line breaks as sent); 2,001, blank, or a control character are refused', async () => {
    const order = await submittedPayout();
    // The multipart encoding sends this line feed as CRLF: it is stored as sent, and counts once.
    const longest = `${'x'.repeat(1999)}\n`;
    expect((await merchant.client.addPayoutEvidence(order.orderNo, { statement: longest })).status).toBe(201);
    expect((await merchant.client.addPayoutEvidence(order.orderNo, { statement: 'Line one\n\tindented' })).status).toBe(201);
    for (const [statement, message] of [
      ['x'.repeat(2001), 'must be 1 to 2000 characters'],
      ['   \n ', 'must not be blank'],
      ['Nothing\u0000arrived', 'must not contain control characters (such as NUL)'],
      ['Bell\u0007', 'must not contain control characters (such as NUL)'],
    ] as const) {
      const refused = await merchant.client.addPayoutEvidence(order.orderNo, { statement, images: [await image()] });
      expect([refused.status, errorOf(refused.body).details]).toEqual([400, [{ path: 'statement', message }]]);
    }
    const { items, files } = await storedEvidence(order.id);
    expect(items.map((item) => item.statement)).toEqual(expect.arrayContaining([longest, 'Line one\n\tindented']));
    expect([items.length, files.length]).toEqual([2, 0]);
  });

  it('refuses an empty upload, unknown fields, a second statement, a statement sent as a file, and a JSON body', async () => {
    const order = await submittedPayout();
    const empty = await merchant.client.addPayoutEvidence(order.orderNo, {});
    expect([empty.status, errorOf(empty.body).details]).toEqual([400, [{ path: 'statement', message: 'send a statement, 1 to 3 images, or both' }]]);

    const unknown = new FormData();
    unknown.append('statment', 'typo');
    expect(errorOf((await rawUpload(order.orderNo, unknown)).body).details).toEqual([{ path: 'statment', message: 'unknown field: send "statement" and "images" only' }]);
    const twice = new FormData();
    twice.append('statement', 'one');
    twice.append('statement', 'two');
    expect(errorOf((await rawUpload(order.orderNo, twice)).body).details).toEqual([{ path: 'statement', message: 'send one statement' }]);
    const asFile = new FormData();
    asFile.append('statement', new Blob(['hello'], { type: 'text/plain' }), 'statement.txt');
    expect(errorOf((await rawUpload(order.orderNo, asFile)).body).details).toEqual([{ path: 'statement', message: 'must be a text field, not a file' }]);

    const json = await rawRequest({
      method: 'POST',
      path: `/api/v1/withdrawals/${order.orderNo}/evidence`,
      body: JSON.stringify({ statement: 'as JSON' }),
      apiKey: merchant.apiKey,
      apiSecret: merchant.apiSecret,
    });
    expect([json.status, errorOf(await json.json()).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect((await storedEvidence(order.id)).items).toEqual([]);
  });
});

describe('evidence under concurrency', () => {
  it('two uploads of 2 images at once, both past the early count: exactly one is stored, never 4 images', async () => {
    const order = await submittedPayout();
    const images = await Promise.all([0, 1, 2, 3].map(() => image()));
    // Both decoder slots are held, so both uploads pass the early count (0 images yet) and wait to
    // decode; released together, only the count on the locked order row can stop the second.
    const { fired: held, fire: releaseSlots } = signal();
    const holders = [0, 1].map(() => proofImageSlots.run(() => held));
    const pending = [0, 1].map((i) => merchant.client.addPayoutEvidence(order.orderNo, { statement: 'Both at once', images: images.slice(i * 2, i * 2 + 2) }));
    await vi.waitFor(() => expect(proofImageSlots.load.waiting).toBe(2));
    releaseSlots();
    await Promise.all(holders);
    const uploads = await Promise.all(pending);
    expect(uploads.map((upload) => upload.status).sort()).toEqual([201, 400]);
    expect(errorOf(uploads.find((upload) => upload.status === 400)!.body).details).toEqual([
      { path: 'images', message: 'at most 3 images per order in all: 1 more allowed, 2 sent' },
    ]);
    const { items, files } = await storedEvidence(order.id);
    expect([items.length, files.length]).toEqual([1, 2]);
  });

  it('five uploads of 1 image at once: exactly 3 are stored', async () => {
    const order = await submittedPayout();
    const uploads = await Promise.all([0, 1, 2, 3, 4].map(async () => merchant.client.addPayoutEvidence(order.orderNo, { images: [await image()] })));
    expect(uploads.map((upload) => upload.status).sort()).toEqual([201, 201, 201, 400, 400]);
    expect((await storedEvidence(order.id)).files).toHaveLength(3);
    expect(((await merchant.client.listPayoutEvidence(order.orderNo)).body as DisputeEvidenceList).imagesRemaining).toBe(0);
  });
});

describe('the ruling reaches the merchant', () => {
  it('payout.dispute_resolved, as the events API returns it, carries the resolution and matches the document', async () => {
    const order = await submittedPayout();
    await merchant.client.addPayoutEvidence(order.orderNo, { statement: 'Nothing arrived.' });
    await merchant.client.decidePayout(order.orderNo, { decision: 'DISPUTE', reason: 'Nothing arrived' });
    const operator = await signedInOperator(database.db);
    await claimDispute(database.db, { flow: 'payout', orderId: order.id }, { id: operator.userId });
    const ruled = await ruleDispute(database.db, { input: { flow: 'payout', orderId: order.id, ruling: 'refund', reasonCode: 'other', note: 'No transfer on the statement: refunded.' }, operator: { id: operator.userId } });

    const event = await merchant.client.getEvent(ruled.eventId!);
    expect(event.status).toBe(200);
    expect((event.body as PayoutDisputeResolvedEvent).data.resolution).toEqual({
      outcome: 'refunded',
      traderAmount: '0.00',
      merchantAmount: '10.10',
      feeAmount: '0.00',
      reasonCode: 'other',
      note: 'No transfer on the statement: refunded.',
    });
    const listed = await merchant.client.listEvents({ type: 'payout.dispute_resolved' });
    expect(listed.status).toBe(200);
    expect((listed.body as EventList).items.map((item) => item.id)).toContain(ruled.eventId);
  });
});

describe('evidence routes in the route table and the document', () => {
  it('declare payouts:write to add and payouts:read to list, and the document publishes them', () => {
    const byId = (operationId: string) => routes.find((route) => route.operationId === operationId)!;
    expect([byId('addPayoutEvidence').scopes, byId('listPayoutEvidence').scopes]).toEqual([['payouts:write'], ['payouts:read']]);
    const path = (openApiDocument() as { paths: Record<string, Record<string, { security: Record<string, string[]>[]; responses: Record<string, unknown> }>> }).paths[
      '/api/v1/withdrawals/{orderNo}/evidence'
    ]!;
    expect(path.post!.security[0]!.merchantKey).toEqual(['payouts:write']);
    expect(path.get!.security[0]!.merchantKey).toEqual(['payouts:read']);
    expect(Object.keys(path.post!.responses)).toEqual(expect.arrayContaining(['201', '400', '404', '409', '413', '415', '503']));
  });

});
