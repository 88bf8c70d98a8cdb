import { z } from 'zod';
import { reportingCategories } from './reporting-category';

const signed6 = z.string().regex(/^-?\d+\.\d{6}$/);
const unsigned6 = z.string().regex(/^\d+\.\d{6}$/);

/** A UTC day, YYYY-MM-DD, that exists on the calendar (docs/api.md, "Settlement reports"). */
export const reportDay = z.iso.date({ error: 'must be a date, YYYY-MM-DD (a UTC day)' });

export const settlementReportQuery = z.object({ date: reportDay.describe('The UTC day of the report, YYYY-MM-DD.') }).strict();

const settlementRow = z.object({
  transferId: z.string().describe('The ledger transfer that moved the balance.'),
  createdAt: z.string().describe('When it moved, ISO 8601 UTC with milliseconds.'),
  category: z.enum(reportingCategories).describe('docs/ledger.md, "Reporting categories".'),
  kind: z.string().describe("The transfer's kind."),
  flow: z.enum(['payout', 'payin']).nullable(),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  merchantOrderNo: z.string().nullable(),
  fiatCurrency: z.string().nullable(),
  fiatAmount: z.string().nullable().describe('The fiat leg, 2 decimals; null when the movement has none.'),
  rate: z.string().nullable().describe('Fiat per 1 USDT, 4 decimals, locked on the order.'),
  gross: signed6.describe('USDT before the fee: net + fee.'),
  fee: unsigned6.describe('The platform fee you paid in this movement.'),
  net: signed6.describe('The change of your balance (available + frozen).'),
  traderId: z.string().nullable(),
  traderName: z.string().nullable(),
  bankNotificationId: z.string().nullable().describe("The trader's bank notification that confirmed the fiat leg of a pay-in; null when confirmed by hand or none applies."),
  txHash: z.string().nullable().describe('The on-chain transaction of a deposit or withdrawal.'),
});
export type SettlementRow = z.infer<typeof settlementRow>;

const settlementReport = z.object({
  version: z.literal(1),
  merchantId: z.string(),
  date: z.string(),
  currency: z.literal('USDT'),
  openingBalance: signed6.describe('available + frozen at 00:00 UTC.'),
  closingBalance: signed6.describe('available + frozen at 24:00 UTC: openingBalance + totals.net.'),
  totals: z.object({ rows: z.number().int(), gross: signed6, fee: unsigned6, net: signed6 }),
  rows: z.array(settlementRow).describe('Oldest first.'),
});
export type SettlementReport = z.infer<typeof settlementReport>;

const reportSignature = z.object({
  algorithm: z.literal('Ed25519'),
  keyId: z.string().describe('Which published key signed (GET /api/v1/reports/signing-key).'),
  value: z.string().describe('Base64 of the 64-byte signature over the SHA-256 digest of canonical(report) (docs/api.md, "Verifying a report").'),
});

export const signedSettlementReport = z.object({ report: settlementReport, signature: reportSignature });
export type SignedSettlementReport = z.infer<typeof signedSettlementReport>;

export const reportSigningKeys = z.object({
  algorithm: z.literal('Ed25519'),
  keys: z
    .array(z.object({ keyId: z.string(), publicKey: z.string().describe('Base64 of the 32-byte Ed25519 public key.'), active: z.boolean() }))
    .describe('The key new reports are signed with first (active), then older ones still valid for reports signed before a rotation.'),
});
export type ReportSigningKeys = z.infer<typeof reportSigningKeys>;

/** The CSV columns of a settlement report, in order (docs/api.md, "Settlement reports"). */
export const settlementCsvColumns = [
  'transfer_id',
  'created_at',
  'category',
  'kind',
  'flow',
  'order_no',
  'merchant_order_no',
  'fiat_currency',
  'fiat_amount',
  'rate',
  'gross',
  'fee',
  'net',
  'trader_id',
  'trader_name',
  'bank_notification_id',
  'tx_hash',
] as const;
