import type { Db, Tx } from '../../db/client';
import { recordAudit } from '../audit';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { applyPayoutTransition, type PayoutRow } from './apply-payout-transition';
import { parseInput } from '../validation/parse-input';
import { operatorPayoutActionInput, type OperatorPayoutActionInput } from './operator-payout-action.schema';
import { payoutDetailView } from './payout-view';
import { retryTransaction } from '../../db/retry-transaction';

type OperatorPayoutActionOptions = OperatorPayoutActionInput & {
  operator: OperatorActor;
  now: Date;
  action: 'reassign' | 'cancel';
  columns: (tx: Tx, orderId: string) => Promise<Partial<PayoutRow> | ((locked: PayoutRow) => Partial<PayoutRow>)>;
};

/**
 * An operator's action on a stuck payout (reassign or cancel): the transition with the note, and
 * an audit row, in one transaction. `columns` says what else the action sets on the order (from
 * the locked row when it needs it).
 */
export async function operatorPayoutAction(
  db: Db,
  { operator, now, action, columns, ...rawInput }: OperatorPayoutActionOptions,
) {
  const input = parseInput(operatorPayoutActionInput, rawInput);
  return retryTransaction(db, async (tx) => {
    const set = await columns(tx, input.orderId);
    const outcome = await applyPayoutTransition(tx, {
      orderId: input.orderId,
      action,
      actor: { type: 'operator', id: operator.id },
      now,
      note: input.note,
      set: (locked) => (typeof set === 'function' ? set(locked) : set),
      eventData: payoutDetailView,
    });
    const actor = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: `payout.${action}`,
      targetType: 'payout',
      targetId: input.orderId,
      details: { orderNo: outcome.order.orderNo, from: outcome.from, note: input.note },
    });
    return { orderId: input.orderId, orderNo: outcome.order.orderNo, status: outcome.to };
  });
}
