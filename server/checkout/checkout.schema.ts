import { z } from 'zod';
import { payinStatuses } from '../../db/schema/order-statuses';
import { buyerReportKinds } from '../../common/buyer-report-kind';

export const checkoutViewOutput = z.object({
  orderNo: z.string(),
  merchantName: z.string(),
  status: z.enum(payinStatuses),
  fiatAmount: z.string(),
  fiatCurrency: z.literal('CNY'),
  buyerReference: z.string().nullable(),
  askPayerName: z.boolean(),
  bank: z.object({
    holderName: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
  }).nullable(),
  expiresAt: z.string(),
  paymentSubmittedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  canReportProblemFrom: z.string().nullable(),
  reportWaitMinutes: z.number(),
  reportRulingHours: z.number(),
  dispute: z.object({
    openedBy: z.enum(['trader', 'buyer']),
    reportedAt: z.string(),
    report: z.string().nullable(),
    reportKind: z.enum(buyerReportKinds).nullable(),
    takenUp: z.boolean(),
    takenUpBy: z.string(),
    decidedBy: z.string(),
    firstResponseHours: z.number(),
    rulingHours: z.number(),
  }).nullable(),
  returnUrl: z.string().nullable(),
  cancelledBy: z.enum(['merchant', 'buyer', 'expired']).nullable(),
  ruling: z.union([z.object({
    outcome: z.enum(['failed', 'completed']),
    orderFiatAmount: z.undefined().optional(),
    countedFiatAmount: z.undefined().optional(),
    notCountedFiatAmount: z.undefined().optional(),
  }), z.object({
    outcome: z.literal('split'),
    orderFiatAmount: z.string(),
    countedFiatAmount: z.string(),
    notCountedFiatAmount: z.string(),
  })]).nullable(),
  receipts: z.object({
    attached: z.number(),
    remaining: z.number(),
  }).nullable(),
  serverTime: z.string(),
});
