import type { IncomingHttpHeaders } from 'node:http';
import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayinCreated } from '../../clients/node/corridor-client';
import { cliActor } from '../../server/audit';
import { adjustBalance } from '../../server/balances/adjust-balance';
import { demoAuthSecret } from '../../server/config/auth-secret';
import { BUYER_RECEIPTS_UPLOAD_BYTES } from '../../server/checkout/buyer-receipts';
import { submitBuyerPayment } from '../../server/checkout/checkout';
import { acceptPayout } from '../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../server/payouts/submit-payout-proof';
import { setTraderOnline } from '../../server/traders/set-online';
import { apiDatabase, apiMerchant, payinTrader } from '../../tests/api/api-harness';
import type { TestDatabase } from '../../tests/db/test-database';
import { tinyPng } from '../../tests/fixtures/images';
import { merchantWithOwner, type TestMember } from '../../tests/fixtures/merchant-team';
import { insertPayout } from '../../tests/fixtures/orders';
import { traderWithBalance } from '../../tests/fixtures/parties';
import { merchantSession } from '../../tests/trpc/trpc-harness';
import { EVIDENCE_UPLOAD_BYTES } from '../merchant/evidence/[reference]/evidence-upload-check';
import { ANONYMOUS_PAGE_BODY_BYTES, pageBodyVerdict, SIGNED_IN_PAGE_BODY_BYTES } from './page-body-rules';
import { sessionClaimsFromHeaders } from './session-from-headers';

let database: TestDatabase;
let owner: TestMember;
let ownerCookie: string;
let checkoutToken: string;
let submitted: string;
let pending: string;

const COOKIE = 'authjs.session-token';

async function cookieOf(member: TestMember): Promise<string> {
  const claims = merchantSession(member);
  return encode({ token: { sub: claims.id, role: claims.role, traderId: null, totpEnrolled: true, sessionVersion: claims.sessionVersion }, secret: demoAuthSecret(), salt: COOKIE });
}

beforeAll(async () => {
  database = await apiDatabase();
  ({ owner } = await merchantWithOwner(database.db));
  ownerCookie = await cookieOf(owner);
  const merchant = await apiMerchant(database.db);
  await payinTrader(database.db);
  const created = await merchant.client.createPayin({ merchantOrderNo: `gate-${crypto.randomUUID()}`, fiatAmount: '100.00' });
  checkoutToken = new URL((created.body as PayinCreated).payUrl).pathname.split('/').pop()!;
  const trader = await traderWithBalance(database.db, '100');
  await setTraderOnline(database.db, { traderId: trader.traderId, online: true });
  await adjustBalance(database.db, { owner: { type: 'merchant', id: owner.merchantId }, direction: 'credit', amount: '100', memo: 'test funding' }, cliActor);
  const order = await insertPayout(database.db, owner.merchantId);
  await acceptPayout(database.db, { traderId: trader.traderId, orderId: order.id });
  await submitPayoutProof(database.db, { traderId: trader.traderId, orderId: order.id, files: [await tinyPng('#00aa00')] });
  submitted = order.orderNo;
  pending = (await insertPayout(database.db, owner.merchantId)).orderNo;
});
afterAll(async () => {
  await database.close();
});

const verdict = (method: string, path: string, headers: IncomingHttpHeaders) => pageBodyVerdict(database.db, { method, path, headers });
const refusalOf = async (promise: ReturnType<typeof verdict>) => {
  const result = await promise;
  return 'refusal' in result ? [result.refusal.status, result.refusal.code] : ['limit', result.limit];
};

describe('pageBodyVerdict: what a page request with a body may send, from its headers alone', () => {
  it("the buyer's receipts: a link past \"I Have Paid\" may send 3 images; before it, an unknown link, a wrong-site form or an oversized declaration is refused", async () => {
    expect(await refusalOf(verdict('POST', `/pay/${checkoutToken}/receipts`, { 'content-length': '1000' }))).toEqual([409, 'INVALID_ORDER_STATE']);
    await submitBuyerPayment(database.db, { token: checkoutToken });
    expect(await refusalOf(verdict('POST', `/pay/${checkoutToken}/receipts`, { 'content-length': '1000' }))).toEqual(['limit', BUYER_RECEIPTS_UPLOAD_BYTES]);
    expect(await refusalOf(verdict('POST', '/pay/unknown-link/receipts', { 'content-length': '1000' }))).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(await refusalOf(verdict('POST', `/pay/${checkoutToken}/receipts`, { 'content-length': '1000', 'sec-fetch-site': 'cross-site' }))).toEqual([403, 'FORBIDDEN']);
    expect(await refusalOf(verdict('POST', `/pay/${checkoutToken}/receipts`, { 'content-length': String(BUYER_RECEIPTS_UPLOAD_BYTES + 1) }))).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it("a merchant's console evidence: the owner on a submitted payout may upload; no session, another state or an oversized declaration is refused", async () => {
    const signedIn = { cookie: `${COOKIE}=${ownerCookie}`, 'content-length': '1000' };
    expect(await refusalOf(verdict('POST', `/merchant/evidence/${submitted}`, signedIn))).toEqual(['limit', EVIDENCE_UPLOAD_BYTES]);
    expect(await refusalOf(verdict('POST', `/merchant/evidence/${submitted}`, { 'content-length': '1000' }))).toEqual([401, 'UNAUTHENTICATED']);
    expect(await refusalOf(verdict('POST', `/merchant/evidence/${pending}`, signedIn))).toEqual([409, 'INVALID_ORDER_STATE']);
    expect(await refusalOf(verdict('POST', `/merchant/evidence/${submitted}`, { ...signedIn, 'content-length': String(EVIDENCE_UPLOAD_BYTES + 1) }))).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('any other page request: 64 KiB without a live session, 16 MB with one; a chunked body gets the same limit to be cut at', async () => {
    const tenMb = String(10 * 1024 * 1024);
    expect(await refusalOf(verdict('POST', '/api/trpc/checkout.markPaid', { 'content-length': '500' }))).toEqual(['limit', ANONYMOUS_PAGE_BODY_BYTES]);
    expect(await refusalOf(verdict('POST', '/api/trpc/merchantConsole.x', { 'content-length': tenMb }))).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await refusalOf(verdict('POST', '/api/trpc/merchantConsole.x', { 'content-length': tenMb, cookie: `${COOKIE}=${ownerCookie}` }))).toEqual(['limit', SIGNED_IN_PAGE_BODY_BYTES]);
    expect(await refusalOf(verdict('POST', '/api/trpc/merchantConsole.x', { 'content-length': String(SIGNED_IN_PAGE_BODY_BYTES + 1), cookie: `${COOKIE}=${ownerCookie}` }))).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(await refusalOf(verdict('POST', '/trader/payouts', { 'transfer-encoding': 'chunked' }))).toEqual(['limit', ANONYMOUS_PAGE_BODY_BYTES]);
    expect(await refusalOf(verdict('POST', '/trader/payouts', { 'transfer-encoding': 'chunked', cookie: `${COOKIE}=${ownerCookie}` }))).toEqual(['limit', SIGNED_IN_PAGE_BODY_BYTES]);
  });
});

describe('sessionClaimsFromHeaders', () => {
  it("reads Auth.js's cookie, whole or in chunks; a garbled or foreign one is no session", async () => {
    const expected = { id: owner.userId, role: 'merchant', traderId: null, totpEnrolled: true, sessionVersion: 1 };
    expect(await sessionClaimsFromHeaders({ cookie: `other=1; ${COOKIE}=${ownerCookie}` })).toEqual(expected);
    const half = Math.floor(ownerCookie.length / 2);
    expect(await sessionClaimsFromHeaders({ cookie: `${COOKIE}.0=${ownerCookie.slice(0, half)}; ${COOKIE}.1=${ownerCookie.slice(half)}` })).toEqual(expected);
    expect(await sessionClaimsFromHeaders({ cookie: `${COOKIE}=${ownerCookie.slice(0, -4)}abcd` })).toBeNull();
    const foreign = await encode({ token: { sub: owner.userId, role: 'merchant', sessionVersion: 1 }, secret: 'another secret of thirty-two characters!', salt: COOKIE });
    expect(await sessionClaimsFromHeaders({ cookie: `${COOKIE}=${foreign}` })).toBeNull();
    expect(await sessionClaimsFromHeaders({})).toBeNull();
  });
});
