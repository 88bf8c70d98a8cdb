import { z } from 'zod';

/** One proof as an event carries it: what identifies the image, never a way to fetch it. */
export const proofSummary = z.object({
  id: z.uuid().describe('the proof id'),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']).describe('the type of the stored image'),
  byteSize: z.number().int().positive().describe('bytes of the stored image'),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe('lower-case hex SHA-256 of the stored image: the exact bytes its url serves'),
  uploadedAt: z.iso.datetime().describe('when the trader uploaded it, ISO 8601 UTC with milliseconds'),
});
export type ProofSummary = z.output<typeof proofSummary>;
