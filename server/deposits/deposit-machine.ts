import type { DepositState } from '@/db/schema/wallet';
import { defineMachine, type StateDef } from '@/server/orders/machine';

/**
 * The life of a USDT deposit seen on a chain (docs/state-machines.md, "Deposit"; docs/wallet.md).
 * Creation is the watcher's insert in DETECTED; the watcher (system) moves a deposit, except a HELD
 * one, which an operator credits or dismisses. A credit is final: a reorganisation after it opens a
 * case instead of a transition (docs/wallet.md, "Reorganisations").
 */
export type DepositAction = 'confirm' | 'credit' | 'hold' | 'orphan' | 'release' | 'dismiss';

const states: Record<DepositState, StateDef> = {
  DETECTED: { terminal: false, label: 'Detected', description: 'seen in a block, not enough confirmations yet' },
  CONFIRMED: { terminal: false, label: 'Confirmed', description: 'its block has the confirmations the chain requires' },
  CREDITED: { terminal: true, label: 'Credited', description: 'the amount is in the owner’s available balance' },
  HELD: { terminal: false, label: 'Held', description: 'final but not credited: a retired or unknown address, or below the minimum; an operator decides' },
  ORPHANED: { terminal: true, label: 'Orphaned', description: 'its block left the chain before it was credited; never credited' },
  DISMISSED: { terminal: true, label: 'Dismissed', description: 'held, then closed by an operator without a credit' },
};

export const depositMachine = defineMachine<DepositState, DepositAction>({
  flow: 'deposit',
  states,
  initial: ['DETECTED'],
  transitions: [
    { action: 'confirm', from: ['DETECTED'], to: 'CONFIRMED', actors: ['system'], description: 'the block has the required confirmations and its hash still matches' },
    { action: 'credit', from: ['CONFIRMED'], to: 'CREDITED', actors: ['system'], event: 'wallet.deposit_credited', description: 'external → owner available, one transfer' },
    { action: 'hold', from: ['CONFIRMED'], to: 'HELD', actors: ['system'], event: 'wallet.deposit_held', description: 'to a retired address, or below the chain’s minimum' },
    { action: 'orphan', from: ['DETECTED', 'CONFIRMED'], to: 'ORPHANED', actors: ['system'], event: 'wallet.deposit_orphaned', description: 'the block at its height has another hash now' },
    { action: 'release', from: ['HELD'], to: 'CREDITED', actors: ['operator'], event: 'wallet.deposit_credited', description: 'an operator credits a held deposit: external → owner available, one transfer' },
    { action: 'dismiss', from: ['HELD'], to: 'DISMISSED', actors: ['operator'], description: 'an operator closes a held deposit without a credit' },
  ],
});
