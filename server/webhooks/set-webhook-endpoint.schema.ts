import { z } from 'zod';
import { webhookEndpointView } from './webhook-endpoint.schema';

export const setWebhookEndpointOutput = z.union([z.object({
  url: z.string(),
  secret: z.string().nullable(),
  endpoint: webhookEndpointView,
}), z.object({
  url: z.null(),
  secret: z.null(),
  endpoint: webhookEndpointView,
})]);
