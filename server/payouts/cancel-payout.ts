import type { Db } from '../../db/client';
import { recordAudit } from '../audit';
import { auditActorOf, type OperatorActor } from '../disputes/operator-actor';
import { applyPayoutTransition } from '../state-machines/apply-transition';
import { parseInput } from '../validation/parse-input';
import { operatorPayoutActionInput, type OperatorPayoutActionInput } from './operator-payout-action.schema';
import { payoutDetailView } from './payout-view';

/**
 * An operator cancels an overdue or unmatched payout (-> CANCELLED): the frozen USDT and fee go
 * back to the merchant's available balance, in the same transaction. Audited with the note.
 */
export async function cancelPayout(db: Db, rawInput: OperatorPayoutActionInput, operator: OperatorActor, now = new Date()) {
  const input = parseInput(operatorPayoutActionInput, rawInput);
  return db.transaction(async (tx) => {
    const outcome = await applyPayoutTransition(tx, {
      orderId: input.orderId,
      action: 'cancel',
      actor: { type: 'operator', id: operator.id },
      now,
      note: input.note,
      set: () => ({ cancelledAt: now }),
      eventData: payoutDetailView,
    });
    const actor = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'payout.cancel',
      targetType: 'payout',
      targetId: input.orderId,
      details: { orderNo: outcome.order.orderNo, from: outcome.from, note: input.note },
    });
    return { orderId: input.orderId, orderNo: outcome.order.orderNo, status: outcome.to };
  });
}
