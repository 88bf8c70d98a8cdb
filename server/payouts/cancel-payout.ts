import type { Db } from '../../db/client';
import type { OperatorActor } from '../audit/operator-actor';
import type { OperatorPayoutActionInput } from './operator-payout-action.schema';
import { operatorPayoutAction } from './operator-payout-action';

type CancelPayoutOptions = OperatorPayoutActionInput & {
  operator: OperatorActor;
  now?: Date;
};

/**
 * An operator cancels an overdue or unmatched payout (-> CANCELLED): the frozen USDT and fee go
 * back to the merchant's available balance, in the same transaction. Audited with the note.
 */
export function cancelPayout(db: Db, { operator, now = new Date(), ...rawInput }: CancelPayoutOptions) {
  return operatorPayoutAction(db, { ...rawInput, operator, now, action: 'cancel', columns: async () => ({ cancelledAt: now }) });
}
