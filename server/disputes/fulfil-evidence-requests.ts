import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { disputeEvidence, disputeEvidenceRequests } from '../../db/schema';
import type { DisputeFlow } from '../orders/order-ref';
import type { EvidenceParty } from './dispute-evidence.schema';

/**
 * Evidence from a party answers every open request to that party on the order: each is marked
 * fulfilled, and the evidence points at the oldest (the one it most likely answers). Runs in the
 * evidence's transaction, under the order's lock.
 */
export async function fulfilEvidenceRequests(
  tx: Tx,
  input: { flow: DisputeFlow; orderId: string; party: EvidenceParty; evidenceId: string; now: Date },
): Promise<string[]> {
  if (input.party === 'operator') return [];
  const answered = await tx
    .update(disputeEvidenceRequests)
    .set({ fulfilledAt: input.now })
    .where(
      and(
        eq(disputeEvidenceRequests.flow, input.flow),
        eq(disputeEvidenceRequests.orderId, input.orderId),
        eq(disputeEvidenceRequests.party, input.party),
        isNull(disputeEvidenceRequests.fulfilledAt),
        isNull(disputeEvidenceRequests.withdrawnAt),
      ),
    )
    .returning({ id: disputeEvidenceRequests.id, createdAt: disputeEvidenceRequests.createdAt });
  if (answered.length === 0) return [];
  const oldest = [...answered].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]!;
  await tx.update(disputeEvidence).set({ requestId: oldest.id }).where(eq(disputeEvidence.id, input.evidenceId));
  return answered.map((row) => row.id);
}

