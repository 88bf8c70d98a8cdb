import { z } from 'zod';

export const subscribePushOutput = z.object({
  subscribed: z.boolean(),
});

export const unsubscribePushOutput = z.object({
  unsubscribed: z.boolean(),
});
