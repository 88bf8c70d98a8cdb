import type { Tx } from '../../db/client';
import { payinOrders } from '../../db/schema';
import { applyTransition, type OrderFlow, type TransitionInput, type TransitionOutcome } from '../orders/apply-transition';
import { signalPayinChanged } from './payin-changes';
import { payinLedgerEffects } from './payin-ledger';
import { payinMachine, type PayinAction, type PayinStatus } from './payin-machine';

export type PayinRow = typeof payinOrders.$inferSelect;
type PayinTransitionInput = TransitionInput<PayinRow, PayinAction, typeof payinOrders.$inferInsert>;

/** The pay-in flow as the order kernel moves it: its machine, its ledger moves and its signal. */
export const payinFlow: OrderFlow<PayinRow, PayinStatus, PayinAction> = {
  flow: 'payin',
  table: payinOrders,
  machine: payinMachine,
  ledger: (tx, order, from, action) => payinLedgerEffects[action]?.(tx, order, from),
  // Every change wakes the buyer's open checkout page (payin-changes.ts).
  signals: (tx, order) => signalPayinChanged(tx, order.id),
};

/** Moves a pay-in order from one state to another: the only way a pay-in's status changes. */
export function applyPayinTransition(tx: Tx, input: PayinTransitionInput): Promise<TransitionOutcome<PayinRow, PayinStatus>> {
  return applyTransition(tx, payinFlow, input);
}
