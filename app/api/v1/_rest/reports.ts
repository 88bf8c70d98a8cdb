import { z } from 'zod';
import { getReadDatabase } from '../../../../db';
import { keyring } from '../../../../server/config/keyring';
import { publishedReportKeys, reportDigest, signReportDigest } from '../../../../server/reports/report-signing';
import { streamSettlementCsv } from '../../../../server/reports/settlement-csv';
import { settlementPdf } from '../../../../server/reports/settlement-pdf';
import { settlementReportOf } from '../../../../server/reports/settlement-report';
import { reportSigningKeys, settlementReportQuery, signedSettlementReport } from '../../../../server/reports/settlement-report.schema';
import { BinaryBody } from './responses';
import { defineRoute } from './route-definition';

const exampleRow = {
  transferId: 'payin:0b8e3c1e-8f2a-4a53-9d1b-2f6f3b0b8f10:settle',
  createdAt: '2026-11-23T08:41:07.512Z',
  category: 'payin_settled' as const,
  kind: 'payin.settle',
  flow: 'payin' as const,
  orderId: '0b8e3c1e-8f2a-4a53-9d1b-2f6f3b0b8f10',
  orderNo: 'DP20261123004211983571',
  merchantOrderNo: 'P-10001',
  fiatCurrency: 'CNY',
  fiatAmount: '1000.00',
  rate: '7.2500',
  gross: '137.931034',
  fee: '0.690000',
  net: '137.241034',
  traderId: '5b0f6a52-2f8c-4b44-a0f0-4b8f1b2c9d11',
  traderName: 'Trader 7',
  bankNotificationId: '9d7c1a2e-5f1b-4c3d-8e9f-0a1b2c3d4e5f',
  txHash: null,
};

/** GET /api/v1/reports/settlements (docs/api.md, "Settlement reports"): the day's signed report as JSON, or as streamed, signed CSV. */
export const getSettlementReport = defineRoute({
  operationId: 'getSettlementReport',
  method: 'GET',
  path: 'reports/settlements',
  auth: 'merchant',
  scopes: ['balance:read'],
  tag: 'Reports',
  summary: "A day's settlement report, signed",
  description:
    'One row per movement of your balance on the UTC day (pay-ins settled, payouts completed, rulings, deposits, withdrawals, adjustments) with its order, fiat amount, rate, fee, USDT, trader, the bank notification that confirmed a pay-in and the chain transaction of a wallet movement; totals; opening and closing balance. Signed with Ed25519 by the platform (GET /api/v1/reports/signing-key). With Accept: text/csv, the same report streams as CSV whose last line carries the signature.',
  query: settlementReportQuery,
  success: {
    status: 200,
    schema: signedSettlementReport,
    description: 'The report and its signature (or, with Accept: text/csv, the CSV)',
    example: {
      report: {
        version: 1,
        merchantId: '3f0c2b8e-7a51-4d2e-9a0b-1c2d3e4f5a6b',
        date: '2026-11-23',
        currency: 'USDT',
        openingBalance: '1000.000000',
        closingBalance: '1137.241034',
        totals: { rows: 1, gross: '137.931034', fee: '0.690000', net: '137.241034' },
        rows: [exampleRow],
      },
      signature: { algorithm: 'Ed25519', keyId: 'k20261101', value: 'q1l0...base64...Ag==' },
    },
  },
  errors: [],
  streamed: {
    contentType: 'text/csv',
    description: 'The rows oldest first with a header, a total line, #rows, #opening_balance and #closing_balance lines and a last #signature line (docs/api.md, "Settlement reports").',
    example:
      'transfer_id,created_at,category,kind,flow,order_no,merchant_order_no,fiat_currency,fiat_amount,rate,gross,fee,net,trader_id,trader_name,bank_notification_id,tx_hash\r\ntotal,,,,,,,,,,0.000000,0.000000,0.000000,,,,\r\n#rows,0\r\n#opening_balance,0.000000\r\n#closing_balance,0.000000\r\n#signature,Ed25519,k20261101,q1l0...Ag==\r\n',
    filename: 'corridor-settlement-report.csv',
    query: settlementReportQuery,
    handle: async ({ merchant, query }) => streamSettlementCsv((await getReadDatabase()).db, { ring: keyring(), merchantId: merchant.id, date: query.date }),
  },
  handle: async ({ merchant, query, db }) => ({ body: await settlementReportOf(db, { ring: keyring(), merchantId: merchant.id, date: query.date }) }),
});

/** GET /api/v1/reports/settlements/pdf (docs/api.md, "Settlement reports"): the same report for people, its bytes signed in headers. */
export const getSettlementReportPdf = defineRoute({
  operationId: 'getSettlementReportPdf',
  method: 'GET',
  path: 'reports/settlements/pdf',
  auth: 'merchant',
  scopes: ['balance:read'],
  tag: 'Reports',
  summary: "A day's settlement report as PDF",
  description:
    'The report of GET /api/v1/reports/settlements laid out for people. Corridor-Signature-Key-Id and Corridor-Signature (base64 Ed25519 over the SHA-256 of the PDF bytes) sign the file as sent.',
  query: settlementReportQuery,
  success: { status: 200, schema: z.instanceof(BinaryBody), description: 'The PDF', media: ['application/pdf'] },
  errors: [],
  handle: async ({ merchant, query, db }) => {
    const ring = keyring();
    const pdf = await settlementPdf(await settlementReportOf(db, { ring, merchantId: merchant.id, date: query.date }));
    const signature = signReportDigest(ring, reportDigest(pdf));
    return {
      body: new BinaryBody('application/pdf', pdf),
      headers: {
        'content-disposition': `attachment; filename="corridor-settlement-report-${query.date}.pdf"`,
        'corridor-signature-key-id': signature.keyId,
        'corridor-signature': signature.value,
      },
    };
  },
});

/** GET /api/v1/reports/signing-key (docs/api.md, "Verifying a report"): the public keys reports are signed with. */
export const getReportSigningKey = defineRoute({
  operationId: 'getReportSigningKey',
  method: 'GET',
  path: 'reports/signing-key',
  auth: 'merchant',
  scopes: ['balance:read'],
  tag: 'Reports',
  summary: 'The public keys that sign reports',
  description: 'The Ed25519 public keys of the platform: the active one first, then older ones kept for the reports they signed. The same document is public at /.well-known/corridor-report-key.',
  query: z.object({}).strict(),
  success: {
    status: 200,
    schema: reportSigningKeys,
    description: 'The keys',
    example: { algorithm: 'Ed25519', keys: [{ keyId: 'k20261101', publicKey: 'MCowBQYDK2VwAyEA...', active: true }] },
  },
  errors: [],
  handle: async () => ({ body: publishedReportKeys(keyring()) }),
});
