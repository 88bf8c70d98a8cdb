import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeEvidenceRequests } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { evidenceRequestIdInput } from './evidence-request.schema';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';

interface WithdrawEvidenceRequestOptions {
  input: unknown;
  operator: OperatorActor;
  now?: Date;
}

/**
 * An operator withdraws an open evidence request: the party no longer sees it. An answered or
 * already withdrawn request answers EVIDENCE_REQUEST_CLOSED and stays as it is.
 */
export async function withdrawEvidenceRequest(db: Db, { input: raw, operator, now = new Date() }: WithdrawEvidenceRequestOptions) {
  const input = parseInput(evidenceRequestIdInput, raw);
  return retryTransaction(db, async (tx) => {
    const [request] = await tx.select().from(disputeEvidenceRequests).where(eq(disputeEvidenceRequests.id, input.requestId)).for('update');
    if (!request) throw new DomainError('NOT_FOUND', 'No such evidence request.');
    if (request.fulfilledAt || request.withdrawnAt) {
      throw new DomainError('EVIDENCE_REQUEST_CLOSED', request.fulfilledAt ? 'The party has already answered this request.' : 'This request was already withdrawn.');
    }
    await tx.update(disputeEvidenceRequests).set({ withdrawnAt: now }).where(eq(disputeEvidenceRequests.id, request.id));
    const actor = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip ?? null,
      action: 'dispute.evidence_request_withdrawn',
      targetType: request.flow,
      targetId: request.orderId,
      details: { requestId: request.id, party: request.party },
    });
    return { id: request.id, withdrawn: true as const };
  });
}
