import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';

export const ruleDisputeResult = z.object({
  outcome: z.enum(['proposed', 'ruled']),
  flow: disputeFlow,
  orderId: z.string(),
  orderNo: z.string(),
  status: z.string(),
  eventId: z.string().nullable(),
  proposalId: z.string().nullable(),
});
