import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutCreated, PayoutProofList } from '../../clients/node/corridor-client';
import { proofImages } from '../../db/schema';
import { signUrl } from '../../server/auth/sign-url';
import { acceptPayout } from '../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../server/payouts/submit-payout-proof';
import { apiDatabase, apiMerchant, BASE_URL, inProcessFetch, payoutBody, payoutTrader, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { tinyPng } from '../fixtures/images';

/**
 * A proof image is served to whoever holds its signed URL, without a key, so the URL is the whole
 * authority. The attacker is a merchant with a valid key; here it also holds URLs signed with the
 * server's own key for paths of its choosing (as if the key had leaked, or a bug signed the wrong
 * path): even then the image is looked up within the signing merchant's own payouts, and every
 * miss is the same 404 ORDER_NOT_FOUND, so nothing says whether the victim's proof exists.
 */
let database: TestDatabase;
let victim: TestMerchant;
let attacker: TestMerchant;
let traderId: string;

beforeAll(async () => {
  database = await apiDatabase();
  victim = await apiMerchant(database.db);
  attacker = await apiMerchant(database.db);
  traderId = (await payoutTrader(database.db)).traderId;
});
afterAll(async () => {
  await database.close();
});

async function payoutWithProof(owner: TestMerchant) {
  const body = payoutBody();
  const created = (await owner.client.createPayout(body as never, body.merchantOrderNo)).body as PayoutCreated;
  await acceptPayout(database.db, { traderId, orderId: created.orderId });
  await submitPayoutProof(database.db, { traderId, orderId: created.orderId, files: [await tinyPng('orange')] });
  const [proof] = await database.db.select().from(proofImages).where(eq(proofImages.payoutOrderId, created.orderId)).orderBy(asc(proofImages.position));
  return { orderNo: created.orderNo, proofId: proof!.id };
}

async function open(url: string) {
  const { pathname, search } = new URL(url);
  const response = await inProcessFetch(`${BASE_URL}${pathname}${search}`, { method: 'GET' });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), text };
}

/** The error body without its request id, to compare two refusals. */
const refusal = (text: string) => {
  const { error } = JSON.parse(text) as { error: Record<string, unknown> };
  const { requestId: _requestId, ...rest } = error;
  return rest;
};

const proofPath = (orderNo: string, proofId: string) => `/api/v1/withdrawals/${orderNo}/proofs/${proofId}`;
const signedFor = (merchantId: string, path: string) => signUrl({ merchantId, path, now: new Date() }).url;

describe("a merchant tries to open another merchant's proof image through a signed URL", () => {
  it("a URL signed for the attacker on the victim's payout and proof answers 404 ORDER_NOT_FOUND, like one that never existed", async () => {
    const target = await payoutWithProof(victim);
    const own = await payoutWithProof(attacker);

    const onVictimsPayout = await open(signedFor(attacker.merchantId, proofPath(target.orderNo, target.proofId)));
    const victimsProofOnOwnPayout = await open(signedFor(attacker.merchantId, proofPath(own.orderNo, target.proofId)));
    const unknownProofOnOwnPayout = await open(signedFor(attacker.merchantId, proofPath(own.orderNo, '00000000-0000-4000-8000-000000000000')));
    const unknownPayout = await open(signedFor(attacker.merchantId, proofPath('WD00000000000000000000', target.proofId)));

    for (const answer of [onVictimsPayout, victimsProofOnOwnPayout, unknownProofOnOwnPayout, unknownPayout]) {
      expect([answer.status, (JSON.parse(answer.text) as { error: { code: string } }).error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
      expect(answer.type).toMatch(/^application\/json/);
    }
    // A foreign proof on the attacker's own payout reads exactly like a proof id that never existed.
    expect(refusal(victimsProofOnOwnPayout.text)).toEqual(refusal(unknownProofOnOwnPayout.text));
    // ...and a foreign payout exactly like a payout that never existed.
    expect(refusal(onVictimsPayout.text)).toEqual(refusal(unknownPayout.text));

    // The victim's own URL still opens it; the attacker's own proof opens for the attacker.
    expect((await open(signedFor(victim.merchantId, proofPath(target.orderNo, target.proofId)))).status).toBe(200);
    expect((await open(signedFor(attacker.merchantId, proofPath(own.orderNo, own.proofId)))).status).toBe(200);
  });

  it("the victim's genuine URL, re-pointed at the attacker's identity or another path, is SIGNED_URL_INVALID before anything is looked up", async () => {
    const target = await payoutWithProof(victim);
    const [item] = ((await victim.client.listPayoutProofs(target.orderNo)).body as PayoutProofList).items;
    const url = new URL(item!.url);
    url.searchParams.set('merchant', attacker.merchantId);
    const reassigned = await open(url.toString());
    expect([reassigned.status, (JSON.parse(reassigned.text) as { error: { code: string } }).error.code]).toEqual([401, 'SIGNED_URL_INVALID']);

    // A forged URL for a proof that exists and for one that does not get the same answer.
    const forgedReal = await open(`${BASE_URL}${proofPath(target.orderNo, target.proofId)}?merchant=${attacker.merchantId}&expires=9999999999&signature=${'0'.repeat(64)}`);
    const forgedMissing = await open(`${BASE_URL}${proofPath('WD00000000000000000000', '00000000-0000-4000-8000-000000000000')}?merchant=${attacker.merchantId}&expires=9999999999&signature=${'0'.repeat(64)}`);
    expect(forgedReal.status).toBe(401);
    expect(refusal(forgedReal.text)).toEqual(refusal(forgedMissing.text));
  });

  it("listing the victim's proofs with the attacker's key is 404 ORDER_NOT_FOUND and hands out no URL", async () => {
    const target = await payoutWithProof(victim);
    const response = await attacker.client.listPayoutProofs(target.orderNo);
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain(target.proofId);
  });
});
