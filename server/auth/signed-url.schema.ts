import { z } from 'zod';

/**
 * The query of a signed URL (server/auth/sign-url.ts). Only its shape is checked here; whether it
 * is genuine and still valid is verifySignedUrl's business.
 */
export const signedUrlQuery = z
  .object({
    merchant: z.uuid({ error: 'must be a merchant id (UUID)' }).describe('The merchant the URL was issued to.'),
    expires: z
      .string()
      .regex(/^\d{1,12}$/, { error: 'must be a Unix time in seconds' })
      .transform(Number)
      .describe('Unix seconds after which the URL is refused (SIGNED_URL_EXPIRED).'),
    signature: z
      .string()
      .regex(/^[0-9a-f]{64}$/, { error: 'must be 64 lower-case hex digits' })
      .describe('Hex HMAC-SHA256 over the merchant, the path and expires, made by Corridor.'),
  })
  .strict();
export type SignedUrlQuery = z.output<typeof signedUrlQuery>;
