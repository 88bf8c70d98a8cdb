import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';

export const listQueueViewsItem = z.object({
  viewId: z.string(),
  name: z.string(),
  filters: z.object({
    flow: disputeFlow.optional(),
    kind: z.enum(['merchant_disputes_payout', 'merchant_silent', 'trader_not_received', 'buyer_reports_problem']).optional(),
    reason: z.string().optional(),
    minAgeHours: z.number().optional(),
    maxAgeHours: z.number().optional(),
    minAmount: z.string().optional(),
    maxAmount: z.string().optional(),
    merchantId: z.string().optional(),
    traderId: z.string().optional(),
    claim: z.enum(['any', 'mine', 'unclaimed']).optional(),
    overdueOnly: z.boolean().optional(),
    sort: z.enum(['amount', 'due', 'age']).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
  }),
});
