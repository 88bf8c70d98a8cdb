import { z } from 'zod';
import { amountString } from '../money/amount-strings';
import { disputeFlow } from '../orders/order-ref';

/** A CNY bound such as 500 or 71.50: the amounts' one spelling (docs/amounts.md), zero allowed. */
const cnyAmount = z.string().trim().pipe(amountString({ maxDecimals: 2, example: '71.50', allowZero: true }));

/** The disputes queue's filters and sort (docs/operator-guide.md, "The queue"). */
export const disputeQueueFilters = z
  .object({
    flow: disputeFlow.optional(),
    kind: z.enum(['merchant_disputes_payout', 'merchant_silent', 'trader_not_received', 'buyer_reports_problem']).optional(),
    /** Words the dispute reason contains (case-insensitive). */
    reason: z.string().trim().max(100, 'At most 100 characters.').optional(),
    minAgeHours: z.number().int().min(0).max(10_000).optional(),
    maxAgeHours: z.number().int().min(0).max(10_000).optional(),
    minAmount: cnyAmount.optional(),
    maxAmount: cnyAmount.optional(),
    merchantId: z.uuid().optional(),
    traderId: z.uuid().optional(),
    claim: z.enum(['any', 'mine', 'unclaimed']).default('any'),
    overdueOnly: z.boolean().default(false),
    sort: z.enum(['due', 'age', 'amount']).default('due'),
    direction: z.enum(['asc', 'desc']).default('asc'),
  })
  .strict();

export const listDisputesInput = disputeQueueFilters.extend({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(50),
});
export type ListDisputesInput = z.input<typeof listDisputesInput>;
export type DisputeQueueFilters = z.output<typeof disputeQueueFilters>;
