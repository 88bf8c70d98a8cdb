import type { Tx } from '../../db/client';
import { payoutOrders } from '../../db/schema';
import { applyTransition, type OrderFlow, type TransitionInput, type TransitionOutcome } from '../orders/apply-transition';
import { payoutMachine, type PayoutAction, type PayoutStatus } from './payout-machine';
import { payoutLedgerEffects } from './payout-ledger';
import { signalPoolChange } from './pool-signal';

export type PayoutRow = typeof payoutOrders.$inferSelect;
type PayoutTransitionInput = TransitionInput<PayoutRow, PayoutAction, typeof payoutOrders.$inferInsert>;

/** The payout flow as the order kernel moves it: its machine, its ledger moves and its signals. */
const payoutFlow: OrderFlow<PayoutRow, PayoutStatus, PayoutAction> = {
  flow: 'payout',
  table: payoutOrders,
  machine: payoutMachine,
  ledger: (tx, order, _from, action) => payoutLedgerEffects[action]?.(tx, order),
  // A payout entering or leaving the task pool wakes the traders' open pool pages (pool-signal.ts).
  signals: (tx, _order, from, to) => (from === 'PENDING_MATCH' || to === 'PENDING_MATCH' ? signalPoolChange(tx) : undefined),
};

/** Moves a payout order from one state to another: the only way a payout's status changes. */
export function applyPayoutTransition(tx: Tx, input: PayoutTransitionInput): Promise<TransitionOutcome<PayoutRow, PayoutStatus>> {
  return applyTransition(tx, payoutFlow, input);
}
