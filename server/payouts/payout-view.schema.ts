import { z } from 'zod';
import { payoutStatuses } from './payout-machine';

// The response shapes of docs/api.md ("Create a payout", "Query a payout"). The views are typed by these schemas and the
// OpenAPI document is generated from them, so the code and the document cannot disagree.
const amount2 = z.string().regex(/^-?\d+\.\d{2}$/).describe('decimal string, 2 decimals');
const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');

export const payoutCreateResponse = z.object({
  orderId: z.uuid(),
  orderNo: z.string().describe('platform payout order number'),
  status: z.enum(payoutStatuses),
  direction: z.literal('WITHDRAW'),
  fiatAmount: amount2.describe('CNY, 2 decimals'),
  fiatCurrency: z.literal('CNY'),
  usdAmount: amount2.describe('crypto debit amount, 2 decimals'),
  usdFeeAmount: amount2.describe('fee, 2 decimals'),
  createdAt: timestamp,
});

export const payoutDetailResponse = z.object({
  orderId: z.uuid(),
  orderNo: z.string(),
  merchantOrderNo: z.string(),
  status: z.enum(payoutStatuses),
  direction: z.literal('WITHDRAW'),
  usdAmount: amount2,
  usdFeeAmount: amount2,
  feeBps: z.number().int().describe('fee in basis points'),
  fiatCurrency: z.literal('CNY'),
  referenceFiatAmount: amount2.describe('usdAmount x reference rate (median of active quotes or the operator override)'),
  slippage: z.string().describe('(fxRate - referenceRate) / referenceRate as a decimal fraction, e.g. "-0.0035"'),
  lockedFiatAmount: amount2.describe('the CNY amount the trader transfers to the recipient'),
  traderId: z.uuid().nullable().describe('assigned trader; null until a trader accepts'),
  paymentDueAt: timestamp.nullable().describe("trader's payment deadline"),
  merchantActionDueAt: timestamp.nullable().describe("merchant's decision deadline"),
  firstProofSubmittedAt: timestamp.nullable(),
  bankAccountLast4: z.string().describe('last 4 digits of the recipient account; the full number is never returned'),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const payoutListResponse = z.object({
  items: z.array(payoutDetailResponse),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().describe('all orders matching the filter'),
});

export const payoutDecisionResponse = z.object({ status: z.enum(['COMPLETED', 'DISPUTED']) });
