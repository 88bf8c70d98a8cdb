import { z } from 'zod';
import { payoutStatuses } from '../../db/schema/order-statuses';

export const operatorPayoutActionOutput = z.object({
  orderId: z.string(),
  orderNo: z.string(),
  status: z.enum(payoutStatuses),
});
