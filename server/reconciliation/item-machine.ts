import type { ReconciliationState } from '@/db/schema/reconciliation';
import { defineMachine, type StateDef } from '@/server/orders/machine';

/**
 * The life of a reconciliation item (docs/reconciliation.md, "States"). A run creates an item in
 * EXPECTED (a timing gap with a deadline) or MISMATCHED; only the data moves it afterwards: past its
 * deadline an EXPECTED item becomes MISMATCHED, and an item whose sources agree on a later run
 * becomes MATCHED. An operator's resolution is recorded beside the state, never instead of it: it
 * says why the difference is accepted, it does not make the sources agree.
 */
export type ReconciliationItemAction = 'expire' | 'match';

const states: Record<ReconciliationState, StateDef> = {
  EXPECTED: { terminal: false, label: 'Expected', description: 'not matched yet, within its deadline: the other source lags' },
  MISMATCHED: { terminal: false, label: 'Mismatched', description: 'the sources disagree, or the deadline passed' },
  MATCHED: { terminal: true, label: 'Matched', description: 'a later run found the sources agree' },
};

export const reconciliationItemMachine = defineMachine<ReconciliationState, ReconciliationItemAction>({
  flow: 'reconciliation_item',
  states,
  initial: ['EXPECTED', 'MISMATCHED'],
  transitions: [
    { action: 'expire', from: ['EXPECTED'], to: 'MISMATCHED', actors: ['system'], description: 'the deadline passed, or the data now shows a difference' },
    { action: 'match', from: ['EXPECTED', 'MISMATCHED'], to: 'MATCHED', actors: ['system'], description: 'the data arrived and agrees' },
  ],
});
