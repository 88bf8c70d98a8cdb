import { z } from 'zod';
import { disputeFlow } from '../orders/order-ref';

export const bulkClaimResult = z.object({
  done: z.array(z.object({
    flow: disputeFlow,
    orderId: z.string(),
  })),
  skipped: z.array(z.object({
    flow: disputeFlow,
    orderId: z.string(),
  })),
});
