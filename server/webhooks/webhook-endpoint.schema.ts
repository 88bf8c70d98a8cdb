import { z } from 'zod';
import { webhookUrl } from './webhook-url';

// A merchant's own webhook endpoint, managed by API (docs/webhooks.md, "Set up"): the bodies the
// routes accept and the views they return. The signing secret appears only in the answers that
// create it (first endpoint, rotation), never in the endpoint's view.
const timestamp = z.iso.datetime().describe('ISO 8601 UTC with milliseconds');

/** How long a rotated-out secret keeps signing beside the new one: at most 7 days. */
const MAX_OVERLAP_SECONDS = 7 * 86_400;
const DEFAULT_OVERLAP_SECONDS = 86_400;

export const setWebhookEndpointBody = z
  .object({
    url: webhookUrl.describe('http or https, at most 2048 characters; in production a private or loopback IP address is refused'),
  })
  .strict();

export const rotateWebhookSecretInput = z
  .object({
    overlapSeconds: z
      .number()
      .int({ error: 'must be a whole number of seconds' })
      .min(0, { error: `must be 0 to ${MAX_OVERLAP_SECONDS}` })
      .max(MAX_OVERLAP_SECONDS, { error: `must be 0 to ${MAX_OVERLAP_SECONDS}` })
      .default(DEFAULT_OVERLAP_SECONDS)
      .describe('How long the current secret keeps signing beside the new one: 0 to 604800 (7 days), default 86400 (24 h); 0 ends it at once'),
  })
  .strict();
export type RotateWebhookSecretInput = z.input<typeof rotateWebhookSecretInput>;

export const webhookEndpointView = z.object({
  url: z.string().nullable().describe('where events go; null when no endpoint is set'),
  enabled: z.boolean().describe('true when an endpoint is set and not disabled: new events are delivered to it'),
  disabledAt: timestamp.nullable().describe('set when 5 days of failures disabled the endpoint; setting it again re-enables it'),
  failingSince: timestamp.nullable().describe('the first failure of the current run of failures; null after a success'),
  secretSet: z.boolean().describe('a signing secret exists (it is never shown again after it was issued)'),
  previousSecretExpiresAt: timestamp
    .nullable()
    .describe('during a rotation\'s overlap: until when the previous secret still signs beside the current one; null otherwise'),
});

export const webhookEndpointSetResponse = webhookEndpointView.extend({
  secret: z.string().nullable().describe('the signing secret (whsec_...) when this call created it, shown only now; null when the endpoint already had one'),
});

export const webhookSecretRotatedResponse = z.object({
  secret: z.string().describe('the new signing secret (whsec_...), shown only now'),
  previousSecretExpiresAt: timestamp.nullable().describe('until when the secret it replaced keeps signing beside it; null when there was none or overlapSeconds was 0'),
});

export const deliveryStatus = z.enum(['pending', 'delivering', 'succeeded', 'failed']);
