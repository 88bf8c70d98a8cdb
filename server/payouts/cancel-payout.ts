import type { Db } from '../../db/client';
import type { OperatorActor } from '../audit/operator-actor';
import type { OperatorPayoutActionInput } from './operator-payout-action.schema';
import { operatorPayoutAction } from './operator-payout-action';

/**
 * An operator cancels an overdue or unmatched payout (-> CANCELLED): the frozen USDT and fee go
 * back to the merchant's available balance, in the same transaction. Audited with the note.
 */
export function cancelPayout(db: Db, rawInput: OperatorPayoutActionInput, operator: OperatorActor, now = new Date()) {
  return operatorPayoutAction(db, rawInput, operator, now, 'cancel', async () => ({ cancelledAt: now }));
}
