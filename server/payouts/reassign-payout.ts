import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { auditActorOf, type OperatorActor } from '../disputes/operator-actor';
import { applyPayoutTransition } from '../state-machines/apply-transition';
import { parseInput } from '../validation/parse-input';
import { merchantWindowMs } from './merchant-window';
import { operatorPayoutActionInput, type OperatorPayoutActionInput } from './operator-payout-action.schema';
import { payoutDetailView } from './payout-view';

/**
 * An operator puts an overdue or unmatched payout back in the pool (PAYMENT_OVERDUE or
 * PENDING_MATCH -> PENDING_MATCH): the trader is cleared and the match window restarts. The frozen
 * USDT stays frozen. Audited with the note.
 */
export async function reassignPayout(db: Db, rawInput: OperatorPayoutActionInput, operator: OperatorActor, now = new Date()) {
  const input = parseInput(operatorPayoutActionInput, rawInput);
  return db.transaction(async (tx) => {
    const matchWindowMs = await merchantWindowMs(tx, input.orderId, 'payoutMatchSeconds');
    const outcome = await applyPayoutTransition(tx, {
      orderId: input.orderId,
      action: 'reassign',
      actor: { type: 'operator', id: operator.id },
      now,
      note: input.note,
      set: () => ({ traderId: null, acceptedAt: null, paymentDueAt: null, matchDueAt: new Date(now.getTime() + matchWindowMs) }),
      eventData: payoutDetailView,
    });
    const actor = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'payout.reassign',
      targetType: 'payout',
      targetId: input.orderId,
      details: { orderNo: outcome.order.orderNo, from: outcome.from, note: input.note },
    });
    return { orderId: input.orderId, orderNo: outcome.order.orderNo, status: outcome.to };
  });
}
