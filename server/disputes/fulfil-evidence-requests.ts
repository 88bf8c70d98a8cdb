import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { disputeDeadlines, disputeEvidence, disputeEvidenceRequests } from '../../db/schema';
import type { DisputeFlow } from '../orders/order-ref';
import type { EvidenceParty } from './dispute-evidence.schema';

/**
 * Evidence from a party answers every open request to that party on the order: each is marked
 * fulfilled, and the evidence points at the oldest (the one it most likely answers). The party's
 * open deadlines on the case (its answer, and those of the requests answered) are met now, so the
 * countdown it was shown ends with its answer rather than at the scheduler's pass at the due time.
 * Runs in the evidence's transaction, under the order's lock.
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
  await meetOpenDeadlines(tx, { ...input, party: input.party, requestIds: answered.map((row) => row.id) });
  if (answered.length === 0) return [];
  const oldest = [...answered].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]!;
  await tx.update(disputeEvidence).set({ requestId: oldest.id }).where(eq(disputeEvidence.id, input.evidenceId));
  return answered.map((row) => row.id);
}


async function meetOpenDeadlines(
  tx: Tx,
  input: { flow: DisputeFlow; orderId: string; party: Exclude<EvidenceParty, 'operator'>; requestIds: string[]; now: Date },
): Promise<void> {
  await tx
    .update(disputeDeadlines)
    .set({ metAt: input.now })
    .where(
      and(
        eq(disputeDeadlines.flow, input.flow),
        eq(disputeDeadlines.orderId, input.orderId),
        eq(disputeDeadlines.party, input.party),
        isNull(disputeDeadlines.metAt),
        isNull(disputeDeadlines.missedAt),
        gte(disputeDeadlines.dueAt, input.now),
        input.requestIds.length > 0
          ? or(eq(disputeDeadlines.kind, 'answer'), inArray(disputeDeadlines.requestId, input.requestIds))
          : eq(disputeDeadlines.kind, 'answer'),
      ),
    );
}
