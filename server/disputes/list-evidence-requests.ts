import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { disputeEvidenceRequests, users } from '../../db/schema';
import { isoMs, isoMsOrNull } from '../money/format';
import type { DisputeFlow } from '../orders/order-ref';
import type { OpenEvidenceRequestView, RequestedParty } from './evidence-request.schema';

export interface CaseEvidenceRequest {
  id: string;
  party: RequestedParty;
  message: string;
  dueAt: string;
  createdAt: string;
  requestedBy: { id: string; name: string };
  fulfilledAt: string | null;
  withdrawnAt: string | null;
  state: 'open' | 'fulfilled' | 'withdrawn';
  /** Open and past its due time: highlighted on the case page. */
  overdue: boolean;
}

/** Every evidence request of a case, oldest first, for the operator. */
export async function listCaseEvidenceRequests(db: Executor, ref: { flow: DisputeFlow; orderId: string }, now = new Date()): Promise<CaseEvidenceRequest[]> {
  const rows = await db
    .select({ request: disputeEvidenceRequests, name: users.displayName })
    .from(disputeEvidenceRequests)
    .innerJoin(users, eq(users.id, disputeEvidenceRequests.requestedBy))
    .where(and(eq(disputeEvidenceRequests.flow, ref.flow), eq(disputeEvidenceRequests.orderId, ref.orderId)))
    .orderBy(asc(disputeEvidenceRequests.createdAt), asc(disputeEvidenceRequests.id));
  return rows.map(({ request, name }) => {
    const state = request.fulfilledAt ? 'fulfilled' : request.withdrawnAt ? 'withdrawn' : 'open';
    return {
      id: request.id,
      party: request.party,
      message: request.message,
      dueAt: isoMs(request.dueAt),
      createdAt: isoMs(request.createdAt),
      requestedBy: { id: request.requestedBy, name },
      fulfilledAt: isoMsOrNull(request.fulfilledAt),
      withdrawnAt: isoMsOrNull(request.withdrawnAt),
      state,
      overdue: state === 'open' && request.dueAt.getTime() < now.getTime(),
    };
  });
}

/**
 * The open requests to one party on one order, oldest first: what that party is asked for. Only
 * while the order takes evidence (`status` DISPUTED); the caller has checked the order is the
 * reader's, and passes the party the reader is, so no party sees another's requests.
 */
export async function listOpenEvidenceRequests(
  db: Executor,
  input: { flow: DisputeFlow; orderId: string; party: RequestedParty; status: string },
): Promise<OpenEvidenceRequestView[]> {
  if (input.status !== 'DISPUTED') return [];
  const rows = await db
    .select()
    .from(disputeEvidenceRequests)
    .where(
      and(
        eq(disputeEvidenceRequests.flow, input.flow),
        eq(disputeEvidenceRequests.orderId, input.orderId),
        eq(disputeEvidenceRequests.party, input.party),
        isNull(disputeEvidenceRequests.fulfilledAt),
        isNull(disputeEvidenceRequests.withdrawnAt),
      ),
    )
    .orderBy(asc(disputeEvidenceRequests.createdAt), asc(disputeEvidenceRequests.id));
  return rows.map((row) => ({ id: row.id, message: row.message, dueAt: isoMs(row.dueAt), createdAt: isoMs(row.createdAt) }));
}
