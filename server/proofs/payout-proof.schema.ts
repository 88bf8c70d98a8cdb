import { z } from 'zod';
import { payoutDetailResponse } from '../payouts/payout-view.schema';
import { proofSummary } from '../payouts/proof-summary.schema';

// The merchant's view of a payout's proofs (docs/api.md, "List a payout's proofs"; docs/webhooks.md,
// "payout.proof_submitted"). Views are typed by these schemas and the OpenAPI document is generated
// from them.

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
