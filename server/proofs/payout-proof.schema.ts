import { z } from 'zod';
import { payoutDetailResponse } from '../payouts/payout-view.schema';

// The merchant's view of a payout's proofs (docs/api.md, "List a payout's proofs"; docs/webhooks.md,
// "payout.proof_submitted"). Views are typed by these schemas and the OpenAPI document is generated
// from them.

/** One proof as an event carries it: what identifies the image, never a way to fetch it. */
const proofSummary = z.object({
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

/** One proof in the list, with a short-lived link to its image. */
const payoutProofView = proofSummary.extend({
  url: z.url().describe('GET it within urlExpiresAt, without signing headers: the image, for your merchant only'),
  urlExpiresAt: z.iso.datetime().describe('when url stops working (a few minutes); list again for a fresh one'),
});

export const payoutProofListResponse = z.object({
  items: z.array(payoutProofView).describe('in upload order; empty before the trader uploads proof'),
});

/** The data of payout.proof_submitted: the payout, plus the proofs it now has. */
export const payoutWithProofs = payoutDetailResponse.extend({
  proofs: z.array(proofSummary).describe('every proof of the payout, in upload order; fetch the images through the proofs endpoint'),
});
