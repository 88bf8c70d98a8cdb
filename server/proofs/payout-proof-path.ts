/**
 * The path of a proof's image (GET /api/v1/withdrawals/:orderNo/proofs/:proofId): what a signed URL
 * names, so it opens that one image of that one payout. The platform orderNo is letters and digits.
 */
export function payoutProofPath(orderNo: string, proofId: string): string {
  return `/api/v1/withdrawals/${encodeURIComponent(orderNo)}/proofs/${proofId}`;
}
