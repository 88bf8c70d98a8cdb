import { z } from 'zod';

export const sendTestEventOutput = z.object({
  eventId: z.string(),
  deliveryId: z.string(),
});
