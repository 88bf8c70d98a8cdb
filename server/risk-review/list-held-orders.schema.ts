import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';

export const listHeldOrdersOutput = z.object({
  items: z.array(z.object({
    holdId: z.string(),
    flow: disputeFlow,
    orderId: z.string(),
    orderNo: z.string(),
    merchantName: z.string(),
    fiatAmount: z.string(),
    ruleReference: z.string(),
    ruleName: z.string(),
    heldAt: z.string(),
  })),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
