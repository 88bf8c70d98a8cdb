import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';

export const decideRiskHoldOutput = z.object({
  holdId: z.string(),
  flow: disputeFlow,
  orderId: z.string(),
  state: z.enum(['rejected', 'approved', 'held']),
  status: z.string(),
});
