import { z } from 'zod';
import { payoutStatuses } from '../../db/schema/order-statuses';
import { payoutActions } from '../payouts/payout-machine';
import { evidenceListResponse } from '../disputes/dispute-evidence.schema';
import { merchantTimelineEntry } from './merchant-order-timeline.schema';

export const merchantPayoutPageOutput = z.object({
  payout: z.object({
    disputeReason: z.string().nullable(),
    orderId: z.string(),
    orderNo: z.string(),
    merchantOrderNo: z.string(),
    status: z.enum(payoutStatuses),
    direction: z.literal('WITHDRAW'),
    usdAmount: z.string(),
    usdFeeAmount: z.string(),
    feeBps: z.number(),
    fiatCurrency: z.literal('CNY'),
    referenceFiatAmount: z.string(),
    slippage: z.string(),
    lockedFiatAmount: z.string(),
    traderId: z.string().nullable(),
    paymentDueAt: z.string().nullable(),
    merchantActionDueAt: z.string().nullable(),
    firstProofSubmittedAt: z.string().nullable(),
    bankAccountLast4: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  recipient: z.object({
    holderName: z.string(),
    bankName: z.string(),
    accountLast4: z.string(),
  }),
  actions: z.array(z.enum(payoutActions)),
  ruling: z.object({
    outcome: z.enum(['split', 'released', 'refunded']),
    traderAmount: z.string(),
    merchantAmount: z.string(),
    feeAmount: z.string(),
    reasonCode: z.string().nullable(),
    note: z.string(),
  }).nullable(),
  proofs: z.array(z.object({
    id: z.string(),
    contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
    byteSize: z.number(),
    sha256: z.string(),
    uploadedAt: z.string(),
    url: z.string(),
    urlExpiresAt: z.string(),
  })),
  evidence: evidenceListResponse,
  timeline: z.array(merchantTimelineEntry),
});
