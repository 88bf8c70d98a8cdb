import type { WithdrawalState } from '@/db/schema/wallet-withdrawals';
import { defineMachine, type StateDef } from '@/server/orders/machine';

/**
 * The life of a USDT withdrawal (docs/state-machines.md, "Withdrawal"; docs/wallet.md "Withdrawals").
 * Creation is the request's insert in REQUESTED, with amount + fee moved to withdrawal pending. The
 * platform approves small ones itself, an operator the rest; the signer reports the chain's part.
 */
export type WithdrawalAction = 'approve' | 'reject' | 'sign' | 'broadcast' | 'confirm' | 'fail';

const states: Record<WithdrawalState, StateDef> = {
  REQUESTED: { terminal: false, label: 'Requested', description: 'amount + fee held in withdrawal pending; waiting for approval' },
  APPROVED: { terminal: false, label: 'Approved', description: 'queued for the signer' },
  SIGNED: { terminal: false, label: 'Signed', description: 'the signer signed the send and stored it' },
  BROADCAST: { terminal: false, label: 'Broadcast', description: 'the send is on the network, not yet confirmed' },
  CONFIRMED: { terminal: true, label: 'Confirmed', description: 'the chain confirmed the send; the USDT has left' },
  FAILED: { terminal: true, label: 'Failed', description: 'the send failed on chain; amount + fee are back in the available balance' },
  REJECTED: { terminal: true, label: 'Rejected', description: 'an operator refused it; amount + fee are back in the available balance' },
};

export const withdrawalMachine = defineMachine<WithdrawalState, WithdrawalAction>({
  flow: 'withdrawal',
  states,
  initial: ['REQUESTED'],
  transitions: [
    { action: 'approve', from: ['REQUESTED'], to: 'APPROVED', actors: ['system', 'operator'], event: 'wallet.withdrawal_approved', description: 'under the owner’s threshold at once, otherwise by an operator; queues the send' },
    { action: 'reject', from: ['REQUESTED'], to: 'REJECTED', actors: ['operator'], event: 'wallet.withdrawal_rejected', description: 'withdrawal pending → available, one transfer, with a reason' },
    { action: 'sign', from: ['APPROVED'], to: 'SIGNED', actors: ['system'], event: 'wallet.withdrawal_signed', description: 'the signer stored the signed send' },
    { action: 'broadcast', from: ['SIGNED'], to: 'BROADCAST', actors: ['system'], event: 'wallet.withdrawal_broadcast', description: 'the signer sent it to the network' },
    { action: 'confirm', from: ['BROADCAST'], to: 'CONFIRMED', actors: ['system'], event: 'wallet.withdrawal_confirmed', description: 'withdrawal pending → external (amount) and a fee stripe (fee)' },
    { action: 'fail', from: ['APPROVED', 'SIGNED', 'BROADCAST'], to: 'FAILED', actors: ['system'], event: 'wallet.withdrawal_failed', description: 'withdrawal pending → available, one transfer; a case opens' },
  ],
});
