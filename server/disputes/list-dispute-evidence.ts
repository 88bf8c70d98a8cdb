import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { disputeEvidence, disputeEvidenceFiles } from '../../db/schema';
import { isoMs } from '../money/format';
import type { DisputeFlow } from '../orders/order-ref';
import type { EvidenceItemView, EvidenceParty } from './dispute-evidence.schema';

/**
 * The evidence added to one order, oldest first, with its images' metadata (never their bytes):
 * one party's when `party` is given (a merchant sees its own), every party's (internal notes too)
 * for the operator.
 * The caller has already checked that the order is the reader's.
 */
export async function listDisputeEvidence(db: Executor, input: { flow: DisputeFlow; orderId: string; party?: EvidenceParty }): Promise<EvidenceItemView[]> {
  const conditions: SQL[] = [eq(disputeEvidence.flow, input.flow), eq(disputeEvidence.orderId, input.orderId)];
  // A party's listing never holds an operator's internal note, whatever party is asked for.
  if (input.party) conditions.push(eq(disputeEvidence.party, input.party), eq(disputeEvidence.internal, false));
  const items = await db
    .select()
    .from(disputeEvidence)
    .where(and(...conditions))
    .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id));
  if (items.length === 0) return [];
  const files = await db
    .select({
      id: disputeEvidenceFiles.id,
      evidenceId: disputeEvidenceFiles.evidenceId,
      position: disputeEvidenceFiles.position,
      contentType: disputeEvidenceFiles.contentType,
      byteSize: disputeEvidenceFiles.byteSize,
      width: disputeEvidenceFiles.width,
      height: disputeEvidenceFiles.height,
      sha256: disputeEvidenceFiles.originalSha256,
      createdAt: disputeEvidenceFiles.createdAt,
    })
    .from(disputeEvidenceFiles)
    .where(
      inArray(
        disputeEvidenceFiles.evidenceId,
        items.map((item) => item.id),
      ),
    )
    .orderBy(asc(disputeEvidenceFiles.position));
  return items.map((item) => ({
    id: item.id,
    party: item.party,
    statement: item.statement,
    createdAt: isoMs(item.createdAt),
    files: files
      .filter((file) => file.evidenceId === item.id)
      .map(({ evidenceId: _evidenceId, createdAt, contentType, ...file }) => ({
        ...file,
        contentType: contentType as EvidenceItemView['files'][number]['contentType'],
        createdAt: isoMs(createdAt),
      })),
  }));
}
