import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventList, PayoutCreated, PayoutProofList } from '../../../../clients/node/corridor-client';
import { env } from '../../../../config/env';
import { proofImages } from '../../../../db/schema';
import { signUrl } from '../../../../server/auth/sign-url';
import { signedUrlMac } from '../../../../server/auth/signed-url-mac';
import { cliActor } from '../../../../server/audit';
import { setLogLevel, setLogSink } from '../../../../server/logging/log';
import { updateMerchantSettings } from '../../../../server/merchants/update-merchant-settings';
import { SIGNED_URL_RATE_LIMIT } from '../../../../server/rate-limit/signed-url-rate-limit';
import { sha256Hex } from '../../../../server/crypto/tokens';
import { acceptPayout } from '../../../../server/payouts/accept-payout';
import { submitPayoutProof } from '../../../../server/payouts/submit-payout-proof';
import { apiDatabase, apiMerchant, BASE_URL, errorCodeOf, inProcessFetch, payoutBody, payoutTrader, rawRequest, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { jpegWithExif, tinyPng } from '../../../../tests/fixtures/images';
import { openApiDocument } from './openapi';
import { routes } from './routes';

let database: TestDatabase;
let merchant: TestMerchant;
let traderId: string;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  traderId = (await payoutTrader(database.db)).traderId;
});
afterAll(async () => {
  await database.close();
});

async function payout(owner: TestMerchant = merchant): Promise<PayoutCreated> {
  const body = payoutBody();
  const created = await owner.client.createPayout(body as never, body.merchantOrderNo);
  expect(created.status).toBe(201);
  return { ...(created.body as PayoutCreated), merchantOrderNo: body.merchantOrderNo } as PayoutCreated & { merchantOrderNo: string };
}

/** A payout whose trader has uploaded `files` as proof. */
async function payoutWithProofs(files: Uint8Array[], owner: TestMerchant = merchant) {
  const created = await payout(owner);
  await acceptPayout(database.db, { traderId, orderId: created.orderId });
  await submitPayoutProof(database.db, { traderId, orderId: created.orderId, files });
  const stored = await database.db.select().from(proofImages).where(eq(proofImages.payoutOrderId, created.orderId)).orderBy(asc(proofImages.position));
  return { created, stored };
}

async function listProofs(orderNo: string, owner: TestMerchant = merchant) {
  const response = await owner.client.listPayoutProofs(orderNo);
  expect(response.status).toBe(200);
  return (response.body as PayoutProofList).items;
}

/** Opens a URL the way a browser would: no signing headers, through the in-process adapter. */
function open(url: string): Promise<Response> {
  const { pathname, search } = new URL(url);
  return inProcessFetch(`${BASE_URL}${pathname}${search}`, { method: 'GET' });
}

/** The proof URL's path with its query replaced. */
function withQuery(url: string, query: Record<string, string>): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}?${new URLSearchParams(query).toString()}`;
}

const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe("GET /api/v1/withdrawals/:orderNo/proofs: a payout's proofs", () => {
  it('lists each proof with its stored metadata and a 5-minute URL that serves exactly the stored bytes', async () => {
    const { created, stored } = await payoutWithProofs([await tinyPng(), await jpegWithExif()]);
    const before = Date.now();
    const items = await listProofs(created.orderNo);
    const after = Date.now();

    expect(items.map(({ id, contentType, byteSize, sha256, uploadedAt }) => ({ id, contentType, byteSize, sha256, uploadedAt }))).toEqual(
      stored.map((row) => ({
        id: row.id,
        contentType: row.contentType,
        byteSize: row.data.length,
        sha256: sha256Hex(row.data),
        uploadedAt: row.createdAt.toISOString(),
      })),
    );
    for (const [index, item] of items.entries()) {
      expect(item.url.startsWith(`${env().PUBLIC_BASE_URL.replace(/\/$/, '')}/api/v1/withdrawals/${created.orderNo}/proofs/${item.id}?`)).toBe(true);
      const expiresAt = Date.parse(item.urlExpiresAt);
      expect(expiresAt).toBe(Number(queryOf(item.url).expires) * 1000);
      // Five minutes from the server's clock, rounded down to the second, somewhere in the request.
      expect(expiresAt).toBeGreaterThan(before + 299_000);
      expect(expiresAt).toBeLessThanOrEqual(after + 300_000);

      const image = await merchant.client.getPayoutProofImage(item.url);
      expect(image.status).toBe(200);
      expect(Buffer.from(image.body as Uint8Array).equals(Buffer.from(stored[index]!.data))).toBe(true);
      expect(sha256Hex(image.body as Uint8Array)).toBe(item.sha256);
      expect(image.headers.get('content-type')).toBe(item.contentType);
      expect(image.headers.get('cache-control')).toBe('private, no-store');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('content-disposition')).toBe('inline');
    }
  });

  it('finds the payout by merchantOrderNo too, with URLs naming the platform orderNo', async () => {
    const { created } = await payoutWithProofs([await tinyPng('blue')]);
    const items = await listProofs((created as PayoutCreated & { merchantOrderNo: string }).merchantOrderNo);
    expect(items).toHaveLength(1);
    expect(new URL(items[0]!.url).pathname).toBe(`/api/v1/withdrawals/${created.orderNo}/proofs/${items[0]!.id}`);
    expect((await open(items[0]!.url)).status).toBe(200);
  });

  it('is an empty list before the trader uploads proof', async () => {
    const created = await payout();
    expect(await listProofs(created.orderNo)).toEqual([]);
  });

  it("answers 404 ORDER_NOT_FOUND for an unknown orderNo and for another merchant's payout, alike", async () => {
    const other = await apiMerchant(database.db);
    const { created: theirs } = await payoutWithProofs([await tinyPng()], other);
    for (const reference of ['WD00000000000000000000', theirs.orderNo]) {
      const response = await merchant.client.listPayoutProofs(reference);
      expect([response.status, (response.body as { error: { code: string; message: string } }).error.code]).toEqual([404, 'ORDER_NOT_FOUND']);
      expect((response.body as { error: { message: string } }).error.message).toBe('No payout with this orderNo or merchantOrderNo.');
    }
  });

  it('refuses an unknown query parameter with 400 VALIDATION_FAILED', async () => {
    const created = await payout();
    const response = await rawRequest({ apiKey: merchant.apiKey, apiSecret: merchant.apiSecret, path: `/api/v1/withdrawals/${created.orderNo}/proofs?page=1` });
    expect([response.status, await errorCodeOf(response)]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('needs a signed request: no headers is 401 AUTH_MISSING', async () => {
    const created = await payout();
    const response = await inProcessFetch(`${BASE_URL}/api/v1/withdrawals/${created.orderNo}/proofs`, { method: 'GET' });
    expect([response.status, await errorCodeOf(response)]).toEqual([401, 'AUTH_MISSING']);
  });
});

describe('GET /api/v1/withdrawals/:orderNo/proofs/:proofId: the signed image URL', () => {
  it('refuses an altered signature, expiry, merchant or path with 401 SIGNED_URL_INVALID', async () => {
    const { created } = await payoutWithProofs([await tinyPng(), await tinyPng('green')]);
    const [first, second] = await listProofs(created.orderNo);
    const query = queryOf(first!.url);
    const flipped = query.signature!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const other = await apiMerchant(database.db);
    const tampered = [
      withQuery(first!.url, { ...query, signature: flipped }),
      withQuery(first!.url, { ...query, expires: String(Number(query.expires) + 3600) }),
      withQuery(first!.url, { ...query, merchant: other.merchantId }),
      // The same grant on the payout's other proof, or under its merchantOrderNo.
      withQuery(second!.url, query),
      first!.url.replace(created.orderNo, (created as PayoutCreated & { merchantOrderNo: string }).merchantOrderNo),
    ];
    for (const url of tampered) {
      const response = await open(url);
      expect([response.status, await errorCodeOf(response)], url).toEqual([401, 'SIGNED_URL_INVALID']);
    }
    expect((await open(first!.url)).status).toBe(200);
  });

  it('refuses a genuine URL past its expiry with 401 SIGNED_URL_EXPIRED', async () => {
    const { created, stored } = await payoutWithProofs([await tinyPng()]);
    const path = `/api/v1/withdrawals/${created.orderNo}/proofs/${stored[0]!.id}`;
    const stale = signUrl({ merchantId: merchant.merchantId, path, now: new Date(Date.now() - 301_000) });
    expect(stale.expiresAt.getTime()).toBeLessThan(Date.now());
    const response = await open(stale.url);
    expect([response.status, await errorCodeOf(response)]).toEqual([401, 'SIGNED_URL_EXPIRED']);
    // Issued a moment ago: still open.
    expect((await open(signUrl({ merchantId: merchant.merchantId, path, now: new Date(Date.now() - 290_000) }).url)).status).toBe(200);
  });

  it('checks the shape of its query first: 400 VALIDATION_FAILED, naming the parameter', async () => {
    const { created } = await payoutWithProofs([await tinyPng()]);
    const [item] = await listProofs(created.orderNo);
    const query = queryOf(item!.url);
    const cases: [Record<string, string>, string][] = [
      [{ merchant: query.merchant!, expires: query.expires! }, 'signature'],
      [{ ...query, signature: query.signature!.toUpperCase() }, 'signature'],
      [{ ...query, signature: `${query.signature!}0` }, 'signature'],
      [{ ...query, expires: `${query.expires!}.5` }, 'expires'],
      [{ ...query, expires: '1'.repeat(13) }, 'expires'],
      [{ ...query, merchant: 'not-a-uuid' }, 'merchant'],
    ];
    for (const [broken, parameter] of cases) {
      const response = await open(withQuery(item!.url, broken));
      const body = (await response.json()) as { error: { code: string; details: { path: string }[] } };
      expect([response.status, body.error.code], parameter).toEqual([400, 'VALIDATION_FAILED']);
      expect(body.error.details.map((detail) => detail.path)).toContain(parameter);
    }
    const extra = await open(withQuery(item!.url, { ...query, download: '1' }));
    expect([extra.status, await errorCodeOf(extra)]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('refuses a proof id that is not a UUID with 400 VALIDATION_FAILED, even when signed', async () => {
    const created = await payout();
    const path = `/api/v1/withdrawals/${created.orderNo}/proofs/not-a-proof`;
    const response = await open(signUrl({ merchantId: merchant.merchantId, path, now: new Date() }).url);
    expect([response.status, await errorCodeOf(response)]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('needs no API key, and ignores one sent along', async () => {
    const { created } = await payoutWithProofs([await tinyPng()]);
    const [item] = await listProofs(created.orderNo);
    const { pathname, search } = new URL(item!.url);
    const response = await inProcessFetch(`${BASE_URL}${pathname}${search}`, { method: 'GET', headers: { 'x-api-key': 'mk_unknown' } });
    expect(response.status).toBe(200);
  });

  it("stops at once when the merchant is suspended: 403 MERCHANT_DISABLED, as its keys are", async () => {
    const owner = await apiMerchant(database.db);
    const { created } = await payoutWithProofs([await tinyPng()], owner);
    const [item] = await listProofs(created.orderNo, owner);
    expect((await open(item!.url)).status).toBe(200);
    await updateMerchantSettings(database.db, { merchantId: owner.merchantId, status: 'suspended', actor: cliActor });
    const response = await open(item!.url);
    expect([response.status, await errorCodeOf(response)]).toEqual([403, 'MERCHANT_DISABLED']);
  });

  it("holds one merchant's URLs to a rate: past the burst, 429 RATE_LIMITED with Retry-After, other merchants unaffected", async () => {
    const busy = await apiMerchant(database.db);
    const { created } = await payoutWithProofs([await tinyPng()], busy);
    const [item] = await listProofs(created.orderNo, busy);
    const { created: calmPayout } = await payoutWithProofs([await tinyPng()]);
    const [calm] = await listProofs(calmPayout.orderNo);

    // At once, as a page of <img> tags would: the burst passes, the rest is refused.
    const responses = await Promise.all(Array.from({ length: SIGNED_URL_RATE_LIMIT.burst + 20 }, () => open(item!.url)));
    const served = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect(served.length + refused.length).toBe(responses.length);
    expect(served.length).toBeGreaterThanOrEqual(SIGNED_URL_RATE_LIMIT.burst);
    expect(refused.length).toBeGreaterThan(0);
    expect([refused[0]!.headers.get('retry-after'), await errorCodeOf(refused[0]!)]).toEqual(['1', 'RATE_LIMITED']);
    expect((await open(calm!.url)).status).toBe(200);
  });

  it("logs the route's template, never the URL's signature or the image", async () => {
    const { created } = await payoutWithProofs([await tinyPng()]);
    const [item] = await listProofs(created.orderNo);
    const lines: string[] = [];
    setLogLevel('debug');
    const restore = setLogSink((line) => lines.push(line));
    try {
      expect((await open(item!.url)).status).toBe(200);
      expect((await open(withQuery(item!.url, { ...queryOf(item!.url), expires: '1' }))).status).toBe(401);
    } finally {
      restore();
      setLogLevel(undefined);
    }
    expect(lines.some((line) => line.includes('withdrawals/:orderNo/proofs/:proofId'))).toBe(true);
    const text = lines.join('\n');
    expect(text).not.toContain(queryOf(item!.url).signature!);
    expect(text).not.toContain(item!.id);
  });

  it('answers only GET', async () => {
    const { created } = await payoutWithProofs([await tinyPng()]);
    const [item] = await listProofs(created.orderNo);
    const { pathname, search } = new URL(item!.url);
    const response = await inProcessFetch(`${BASE_URL}${pathname}${search}`, { method: 'POST' });
    expect([response.status, await errorCodeOf(response)]).toEqual([405, 'METHOD_NOT_ALLOWED']);
  });

  it('signs (merchant, path, expiry) with a MAC that changes with each of them', () => {
    const claims = { merchantId: merchant.merchantId, path: '/api/v1/withdrawals/WD1/proofs/x', expires: 1_800_000_000 };
    const mac = signedUrlMac(claims);
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    expect(signedUrlMac({ ...claims })).toBe(mac);
    expect(signedUrlMac({ ...claims, expires: claims.expires + 1 })).not.toBe(mac);
    expect(signedUrlMac({ ...claims, path: `${claims.path}y` })).not.toBe(mac);
    expect(signedUrlMac({ ...claims, merchantId: traderId })).not.toBe(mac);
  });
});

describe('payout.proof_submitted lists the proofs, never a URL', () => {
  it("carries each proof's id, type, size, hash and upload time, as the list shows them", async () => {
    const { created } = await payoutWithProofs([await tinyPng('purple'), await jpegWithExif()]);
    const items = await listProofs(created.orderNo);
    const events = await merchant.client.listEvents({ type: 'payout.proof_submitted', limit: 100 });
    expect(events.status).toBe(200);
    const event = (events.body as EventList).items.find((item) => (item.data as { orderId: string }).orderId === created.orderId);
    expect(event).toBeDefined();
    const data = event!.data as { status: string; proofs: unknown[] };
    expect(data.status).toBe('PAYMENT_SUBMITTED');
    expect(data.proofs).toEqual(items.map(({ id, contentType, byteSize, sha256, uploadedAt }) => ({ id, contentType, byteSize, sha256, uploadedAt })));
    const text = JSON.stringify(event);
    expect(text).not.toContain('signature');
    expect(text).not.toContain('/proofs/');
  });
});

describe('the proof routes in the route table and the document', () => {
  it('declare the payouts:read scope; the list needs a merchant key, the image URL none', () => {
    const list = routes.find((route) => route.operationId === 'listPayoutProofs')!;
    const image = routes.find((route) => route.operationId === 'getPayoutProofImage')!;
    expect([list.auth, list.scopes]).toEqual(['merchant', ['payouts:read']]);
    expect([image.auth, image.scopes]).toEqual(['signed-url', ['payouts:read']]);

    const paths = (openApiDocument() as { paths: Record<string, Record<string, { security: unknown; parameters: { name: string; in: string; required: boolean }[]; responses: Record<string, { content?: Record<string, unknown> }> }>> }).paths;
    expect(paths['/api/v1/withdrawals/{orderNo}/proofs']!.get!.security).toEqual([{ merchantKey: ['payouts:read'], timestamp: [], nonce: [], signature: [] }]);
    const operation = paths['/api/v1/withdrawals/{orderNo}/proofs/{proofId}']!.get!;
    expect(operation.security).toEqual([]);
    expect(operation.parameters.map(({ name, in: where, required }) => `${where}:${name}:${required}`)).toEqual([
      'path:orderNo:true',
      'path:proofId:true',
      'query:merchant:true',
      'query:expires:true',
      'query:signature:true',
    ]);
    expect(Object.keys(operation.responses['200']!.content!)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '403', '404', '413', '429', '4XX', '500', '503']);
  });
});
