import { z } from 'zod';

/** An http(s) URL; the webhook sender adds its own SSRF checks at delivery time. */
export const webhookUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .max(2048);
