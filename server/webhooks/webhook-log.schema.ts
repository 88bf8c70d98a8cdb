import { z } from 'zod';
import { deliveryView } from './delivery-view.schema';

export const listDeliveriesOutput = z.object({
  items: z.array(deliveryView),
  page: z.number(),
  pageSize: z.number(),
});
