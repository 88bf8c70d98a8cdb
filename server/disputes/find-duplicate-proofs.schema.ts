import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';

export const proofDuplicate = z.object({
  flow: disputeFlow,
  orderId: z.string(),
  orderNo: z.string(),
});
