import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { disputeEvidence, disputeEvidenceFiles } from '../../db/schema';
import type { DisputeFlow } from '../orders/order-ref';
import type { EvidenceParty } from './dispute-evidence.schema';

/** How many images one party has attached to one order, over all its evidence items. */
export async function countEvidenceImages(db: Executor, input: { flow: DisputeFlow; orderId: string; party: EvidenceParty }): Promise<number> {
  const [row] = await db
    .select({ images: count() })
    .from(disputeEvidenceFiles)
    .innerJoin(disputeEvidence, eq(disputeEvidence.id, disputeEvidenceFiles.evidenceId))
    .where(and(eq(disputeEvidence.flow, input.flow), eq(disputeEvidence.orderId, input.orderId), eq(disputeEvidence.party, input.party)));
  return row?.images ?? 0;
}
