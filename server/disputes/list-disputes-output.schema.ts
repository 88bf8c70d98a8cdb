import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';
import { dueBy } from './dispute-sla.schema';

const disputeQueueItem = z.object({
  flow: disputeFlow,
  orderId: z.string(),
  orderNo: z.string(),
  merchantName: z.string(),
  traderName: z.string().nullable(),
  fiatAmount: z.string(),
  usdtAmount: z.string(),
  disputeReason: z.string().nullable(),
  disputedAt: z.string().nullable(),
  ageSeconds: z.number(),
  claimedBy: z.object({
    id: z.string(),
    name: z.string(),
  }).nullable(),
  dueBy: dueBy.nullable(),
  awaitingApproval: z.boolean(),
  missedDeadlines: z.number(),
  escalated: z.boolean(),
  autoRulingAt: z.string().nullable(),
});

export const listDisputesOutput = z.object({
  items: z.array(disputeQueueItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
