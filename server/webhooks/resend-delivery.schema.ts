import { z } from 'zod';

export const resendDeliveryOutput = z.object({
  deliveryId: z.string(),
  eventId: z.string(),
});
