import { z } from 'zod';
import { apiKeyIdParam } from '../../../server/api-keys/api-key.schema';
import { setWebhookEndpointBody } from '../../../server/webhooks/webhook-endpoint.schema';

// The inputs of the merchant console's Developers page (docs/merchant-guide.md, "Developers") that
// the domain's own schemas do not already give.

export const keyIdInput = z.object({ keyId: apiKeyIdParam }).strict();

export const deliveryIdInput = z.object({ deliveryId: z.uuid({ error: 'must be a delivery id' }) }).strict();

/** The delivery log, a page at a time (newest first). */
export const deliveryPageInput = z
  .object({
    page: z.number().int().min(1, { error: 'page must be a whole number from 1' }).max(1_000_000).default(1),
    pageSize: z.number().int().min(1).max(50).default(10),
  })
  .strict();

export const setEndpointInput = setWebhookEndpointBody;
