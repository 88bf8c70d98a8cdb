import type { Db } from '../../db/client';
import type { OperatorActor } from '../audit/operator-actor';
import { merchantWindowMs } from './merchant-window';
import type { OperatorPayoutActionInput } from './operator-payout-action.schema';
import { operatorPayoutAction } from './operator-payout-action';

type ReassignPayoutOptions = OperatorPayoutActionInput & {
  operator: OperatorActor;
  now?: Date;
};

/**
 * An operator puts an overdue or unmatched payout back in the pool (PAYMENT_OVERDUE or
 * PENDING_MATCH -> PENDING_MATCH): the trader is cleared and the match window restarts; scored
 * dispatch offers it to the others before the trader it is taken from. The frozen USDT stays
 * frozen. Audited with the note.
 */
export function reassignPayout(db: Db, { operator, now = new Date(), ...rawInput }: ReassignPayoutOptions) {
  return operatorPayoutAction(db, { ...rawInput, operator, now, action: 'reassign', columns: async (tx, orderId) => {
    const matchDueAt = new Date(now.getTime() + (await merchantWindowMs(tx, orderId, 'payoutMatchSeconds')));
    // Its dispatch rings start again from now, offered to the best others first (docs/routing.md, "Payout dispatch").
    return (locked) => ({
      traderId: null,
      acceptedAt: null,
      paymentDueAt: null,
      matchDueAt,
      offeredSince: now,
      passedTraderId: locked.traderId ?? locked.passedTraderId,
    });
  } });
}
