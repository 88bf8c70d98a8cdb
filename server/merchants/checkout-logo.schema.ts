import { z } from 'zod';

/**
 * A logo from a console form: the file as base64 (5 MB of image is at most about 6.7 MB of text),
 * or null to remove it. The bytes are checked by the proof rules, not here.
 */
export const checkoutLogoInput = z
  .object({
    imageBase64: z
      .string()
      .max(7_000_000, { error: 'must be at most 5 MB' })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'must be base64' })
      .nullable(),
  })
  .strict();

export const logoBytesOf = (imageBase64: string | null): Uint8Array | null => (imageBase64 === null ? null : new Uint8Array(Buffer.from(imageBase64, 'base64')));
