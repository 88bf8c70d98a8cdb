import { z } from 'zod';
import { routeRecord } from './select-route.schema';

export const whyThisTraderOutput = z.object({
  orderId: z.string(),
  traderId: z.string().nullable(),
  bankAccountId: z.string().nullable(),
  routing: routeRecord.nullable(),
});
