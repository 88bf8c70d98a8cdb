import { z } from 'zod';

export const rotateWebhookSecretOutput = z.object({
  secret: z.string(),
  previousSecretExpiresAt: z.string().nullable(),
});
