import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { disputeDeadlines, disputeEvidenceRequests } from '../../db/schema';
import { recordAudit } from '../audit';
import { DomainError } from '../errors';
import { isoMs } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { orderTableOf } from '../orders/order-ref';
import { requestEvidenceInput } from './evidence-request.schema';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { disputeDeadlineSettingsOf, partyHours } from './dispute-deadline-settings';

function refuseParty(message: string): never {
  throw new DomainError('VALIDATION_FAILED', 'The request is not valid.', { details: [{ path: 'party', message }] });
}

interface RequestEvidenceOptions {
  input: unknown;
  operator: OperatorActor;
  now?: Date;
}

/**
 * An operator asks one party of an open dispute for more (docs/operator-guide.md, "Evidence"). The
 * party must exist on the order and be able to answer: a payout has no buyer, an order without a
 * trader has no trader, and a pay-in's merchant has no evidence form.
 * Without `dueInHours` the party's deadline from the platform settings applies. The request, its
 * deadline and its audit row are one transaction on the locked order.
 */
export async function requestEvidence(db: Db, { input: raw, operator, now = new Date() }: RequestEvidenceOptions) {
  const input = parseInput(requestEvidenceInput, raw);
  return retryTransaction(db, async (tx) => {
    const table = orderTableOf(input.flow);
    const [order] = await tx
      .select({ id: table.id, orderNo: table.orderNo, status: table.status, traderId: table.traderId, merchantId: table.merchantId })
      .from(table)
      .where(eq(table.id, input.orderId))
      .for('update');
    if (!order) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
    if (order.status !== 'DISPUTED') {
      throw new DomainError('INVALID_ORDER_STATE', `The order is ${order.status}; evidence can be requested while it is DISPUTED.`, { meta: { status: order.status } });
    }
    if (input.party === 'buyer' && input.flow === 'payout') refuseParty('a payout has no buyer: ask the merchant or the trader');
    // The merchant adds evidence to payouts only (API and console): a request it could not answer would only mislead.
    if (input.party === 'merchant' && input.flow === 'payin') refuseParty("a pay-in's merchant has no way to add evidence: ask the buyer or the trader");
    if (input.party === 'trader' && !order.traderId) refuseParty('this order has no trader');
    const hours = input.dueInHours ?? partyHours(await disputeDeadlineSettingsOf(tx), input.party);
    const dueAt = new Date(now.getTime() + hours * 3_600_000);
    const [request] = await tx
      .insert(disputeEvidenceRequests)
      .values({ flow: input.flow, orderId: order.id, party: input.party, message: input.message, dueAt, requestedBy: operator.id, createdAt: now })
      .returning();
    // The request's deadline, settled by the scheduler like the dispute's own (a miss counts in the party's record).
    const partyId = input.party === 'trader' ? order.traderId : input.party === 'merchant' ? order.merchantId : null;
    await tx.insert(disputeDeadlines).values({ flow: input.flow, orderId: order.id, party: input.party, partyId, kind: 'evidence_request', requestId: request!.id, startsAt: now, dueAt, createdAt: now });
    const actor = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip ?? null,
      action: 'dispute.evidence_requested',
      targetType: input.flow,
      targetId: order.id,
      details: { orderNo: order.orderNo, requestId: request!.id, party: input.party, dueAt: isoMs(dueAt) },
    });
    return { id: request!.id, party: input.party, message: input.message, dueAt: isoMs(dueAt), createdAt: isoMs(now) };
  });
}
