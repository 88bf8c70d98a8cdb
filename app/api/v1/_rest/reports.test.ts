import { createHash, createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../../../../server/audit';
import { adjustBalance } from '../../../../server/balances/adjust-balance';
import { applyPayinTransition } from '../../../../server/payins/apply-payin-transition';
import { payinDetailView } from '../../../../server/payins/payin-view';
import { releasePayin } from '../../../../server/payins/release-payin';
import { canonicalJson } from '../../../../server/reports/canonical-json';
import type { ReportSigningKeys, SignedSettlementReport } from '../../../../server/reports/settlement-report.schema';
import { traderWithBalance } from '../../../../tests/fixtures/parties';
import { insertPayin } from '../../../../tests/fixtures/orders';
import { apiDatabase, apiMerchant, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { GET as wellKnownReportKey } from '../../../.well-known/corridor-report-key/route';

/**
 * The settlement report over the API (docs/api.md, "Settlement reports"): a merchant's own rows
 * only, signed so that anyone holding the published key can check it, and a tampered copy fails.
 * Verification here uses node:crypto, not the code that signs: what a merchant's own code would do.
 */

let database: TestDatabase;
let merchant: TestMerchant;
let other: TestMerchant;
let payinOrderNo: string;
const today = () => new Date().toISOString().slice(0, 10);
const code = (body: unknown) => (body as { error?: { code: string } }).error?.code;

beforeAll(async () => {
  database = await apiDatabase();
  const { db } = database;
  merchant = await apiMerchant(db, '250.00');
  other = await apiMerchant(db, '40.00');
  const { traderId } = await traderWithBalance(db, '1000.00');
  const order = await insertPayin(db, merchant.merchantId, traderId, '13.500000');
  await db.transaction((tx) =>
    applyPayinTransition(tx, { orderId: order.id, action: 'submit_payment', actor: { type: 'buyer' }, set: (_row, now) => ({ paymentSubmittedAt: now }), eventData: payinDetailView }),
  );
  await releasePayin(db, { traderId, orderId: order.id });
  payinOrderNo = order.orderNo;
  await adjustBalance(db, { owner: { type: 'merchant', id: merchant.merchantId }, direction: 'debit', amount: '5.00', memo: 'correction' }, cliActor);
});
afterAll(async () => {
  await database.close();
});

async function publishedKey(keyId: string): Promise<string> {
  const response = await merchant.client.request<ReportSigningKeys>('GET', '/api/v1/reports/signing-key');
  expect(response.status).toBe(200);
  const keys = response.body as ReportSigningKeys;
  // The public document at /.well-known says the same.
  expect(await wellKnownReportKey().json()).toEqual(keys);
  const key = keys.keys.find((entry) => entry.keyId === keyId);
  expect(key?.active).toBe(true);
  return key!.publicKey;
}

/** Ed25519 over the SHA-256 of the bytes, checked with node:crypto from the raw public key. */
function verifies(publicKey: string, bytes: Uint8Array | string, signature: string): boolean {
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'base64').toString('base64url') }, format: 'jwk' });
  return verify(null, createHash('sha256').update(bytes).digest(), key, Buffer.from(signature, 'base64'));
}

describe('GET /api/v1/reports/settlements', () => {
  it("answers the day's rows, totals and balances, signed with the published key; a tampered copy fails", async () => {
    const response = await merchant.client.request<SignedSettlementReport>('GET', '/api/v1/reports/settlements', { query: { date: today() } });
    expect(response.status).toBe(200);
    const { report, signature } = response.body as SignedSettlementReport;
    expect(report.merchantId).toBe(merchant.merchantId);
    expect(report.rows.map((row) => row.category)).toEqual(['adjustment', 'payin_settled', 'adjustment']);
    const payin = report.rows.find((row) => row.category === 'payin_settled')!;
    expect(payin).toMatchObject({ orderNo: payinOrderNo, fiatAmount: '72.50', rate: '7.2500', gross: '13.500000', fee: '0.050000', net: '13.450000' });
    expect(report.totals).toEqual({ rows: 3, gross: '258.500000', fee: '0.050000', net: '258.450000' });
    expect([report.openingBalance, report.closingBalance]).toEqual(['0.000000', '258.450000']);

    const publicKey = await publishedKey(signature.keyId);
    expect(verifies(publicKey, canonicalJson(report), signature.value)).toBe(true);
    const tampered = structuredClone(report);
    tampered.rows[1]!.net = '14.450000';
    expect(verifies(publicKey, canonicalJson(tampered), signature.value)).toBe(false);
  });

  it('streams the same report as CSV whose last line signs every byte before it', async () => {
    const response = await merchant.client.send('GET', '/api/v1/reports/settlements', { query: { date: today() }, headers: { accept: 'text/csv' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = await response.text();
    const cut = text.lastIndexOf('#signature,');
    const [, algorithm, keyId, value] = text.slice(cut).trim().split(',') as [string, string, string, string];
    expect(algorithm).toBe('Ed25519');
    const signed = text.slice(0, cut);
    expect(signed).toContain(`,payin_settled,payin.settle,payin,${payinOrderNo},`);
    expect(signed).toContain('total,,,,,,,,,,258.500000,0.050000,258.450000,,,,\r\n');
    const publicKey = await publishedKey(keyId);
    expect(verifies(publicKey, signed, value)).toBe(true);
    expect(verifies(publicKey, signed.replace('258.450000', '259.450000'), value)).toBe(false);
  });

  it('serves a PDF whose bytes the headers sign', async () => {
    const response = await merchant.client.send('GET', '/api/v1/reports/settlements/pdf', { query: { date: today() } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const publicKey = await publishedKey(response.headers.get('corridor-signature-key-id')!);
    expect(verifies(publicKey, pdf, response.headers.get('corridor-signature')!)).toBe(true);
  });

  it("shows a merchant its own movements only, and takes no other merchant's id", async () => {
    const response = await other.client.request<SignedSettlementReport>('GET', '/api/v1/reports/settlements', { query: { date: today() } });
    const { report } = response.body as SignedSettlementReport;
    expect(report.merchantId).toBe(other.merchantId);
    expect(report.rows.map((row) => [row.category, row.net])).toEqual([['adjustment', '40.000000']]);
    const smuggled = await other.client.request('GET', '/api/v1/reports/settlements', { query: { date: today(), merchantId: merchant.merchantId } });
    expect([smuggled.status, code(smuggled.body)]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('refuses a date that is not a calendar day with VALIDATION_FAILED', async () => {
    for (const date of ['2026-13-01', '2026-02-30', '2026-1-5', 'yesterday', '2026-11-23T00:00:00Z', '']) {
      const response = await merchant.client.request('GET', '/api/v1/reports/settlements', { query: { date } });
      expect([response.status, code(response.body)], date).toEqual([400, 'VALIDATION_FAILED']);
    }
    const missing = await merchant.client.request('GET', '/api/v1/reports/settlements');
    expect([missing.status, code(missing.body)]).toEqual([400, 'VALIDATION_FAILED']);
    const csv = await merchant.client.send('GET', '/api/v1/reports/settlements', { query: { date: '2026-02-30' }, headers: { accept: 'text/csv' } });
    expect([csv.status, code(await csv.json())]).toEqual([400, 'VALIDATION_FAILED']);
    // A day with no movement is an empty report, not an error.
    const quiet = await merchant.client.request<SignedSettlementReport>('GET', '/api/v1/reports/settlements', { query: { date: '2001-01-01' } });
    expect((quiet.body as SignedSettlementReport).report.totals).toEqual({ rows: 0, gross: '0.000000', fee: '0.000000', net: '0.000000' });
  });
});
