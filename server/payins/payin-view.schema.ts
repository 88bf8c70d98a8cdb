import { z } from 'zod';
import { payinStatuses } from './payin-machine';

// The response shapes of docs/api.md ("Create a pay-in", "List pay-ins", "Query a pay-in"), for the views' types and the OpenAPI document.
const amount2 = z.string().regex(/^\d+\.\d{2}$/).describe('decimal string, 2 decimals');
const amount6 = z.string().regex(/^\d+\.\d{6}$/).describe('decimal string, 6 decimals');
const rate4 = z.string().regex(/^\d+\.\d{4}$/).describe('CNY per 1 USDT, 4 decimals');
const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');

export const payinCreateResponse = z.object({
  orderId: z.uuid(),
  orderNo: z.string().describe('platform order number, prefixed ORD'),
  status: z.enum(['PENDING_PAYMENT', 'PENDING_MATCH']),
  assetAmount: amount6.describe('USDT to credit'),
  fiatAmount: amount2.describe('CNY the buyer pays'),
  fiatCurrency: z.literal('CNY'),
  usdAmount: amount2,
  usdFeeAmount: amount2,
  feeBps: z.number().int(),
  expiresAt: timestamp.describe('the buyer must pay before this'),
  payUrl: z.url().describe('the checkout page to send the buyer to; a bearer link, keep it private'),
  pricingSnapshot: z.object({
    fxRate: rate4,
    fiatCurrency: z.literal('CNY'),
    fiatAmount: amount2,
    feeAmount: amount2,
    quotedAt: timestamp,
  }),
});

export const payinListItem = z.object({
  id: z.uuid().describe('the order id (orderId on create)'),
  orderNo: z.string(),
  merchantOrderNo: z.string(),
  merchantId: z.uuid(),
  traderId: z.uuid().nullable(),
  direction: z.literal('DEPOSIT'),
  status: z.enum(payinStatuses),
  pair: z.literal('USDT/CNY'),
  assetSymbol: z.literal('USDT'),
  assetAmount: amount6,
  fiatCurrency: z.literal('CNY'),
  fiatAmount: amount2,
  fxRate: rate4,
  usdAmount: amount2,
  usdFeeAmount: amount2,
  paymentSubmittedAt: timestamp.nullable(),
  completedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const payinDetailResponse = payinListItem.extend({
  disputeReason: z.string().nullable(),
  chainTxKey: z.string().nullable(),
  source: z.string(),
  metadata: z.record(z.string(), z.string()).describe('as given on create'),
});

export const payinListResponse = z.object({
  items: z.array(payinListItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
