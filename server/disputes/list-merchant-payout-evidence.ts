import type { Executor } from '../../db/client';
import { findMerchantPayout } from '../payouts/find-payout';
import { countEvidenceImages } from './count-evidence-images';
import { MAX_EVIDENCE_IMAGES, type EvidenceListResponse } from './dispute-evidence.schema';
import { listDisputeEvidence } from './list-dispute-evidence';
import { listOpenEvidenceRequests } from './list-evidence-requests';

/**
 * The evidence a merchant added to one of its payouts, and how many more images it may attach
 * (docs/api.md, "List your dispute evidence"). Another merchant's payout is ORDER_NOT_FOUND, and
 * the other parties' evidence is the operator's to see, not the merchant's.
 */
export async function listMerchantPayoutEvidence(db: Executor, input: { merchantId: string; reference: string }): Promise<EvidenceListResponse> {
  const order = await findMerchantPayout(db, input.merchantId, input.reference);
  const subject = { flow: 'payout', orderId: order.id, party: 'merchant' } as const;
  const items = await listDisputeEvidence(db, subject);
  const images = await countEvidenceImages(db, subject);
  const openRequests = await listOpenEvidenceRequests(db, { flow: 'payout', orderId: order.id, party: 'merchant', status: order.status });
  return { items, imagesRemaining: Math.max(0, MAX_EVIDENCE_IMAGES - images), openRequests };
}
