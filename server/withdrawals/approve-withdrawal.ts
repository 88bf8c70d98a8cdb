import type { Tx } from '../../db/client';
import { DomainError } from '../errors';
import { planTransition, type ActorType } from '../orders/machine';
import { withdrawalMachine } from './withdrawal-machine';
import { applyWithdrawalTransition, type WithdrawalRow } from './apply-withdrawal-transition';
import { queueChainSend } from '../chain-sends/queue-chain-send';
import { chainSettings } from '../chains/chain-settings';
import type { ChainConfig } from '../chains/chains';

interface ApproveWithdrawalOptions {
  withdrawal: WithdrawalRow;
  actor: { type: ActorType; id: string | null };
  now: Date;
  /** The chains the send is checked against: the process's own, unless the caller holds them. */
  chains?: readonly ChainConfig[];
}

/**
 * Approves a REQUESTED withdrawal and queues its send, in the caller's transaction: the transition,
 * its event and the chain_sends row exist together or not at all. Only the amount is sent; the fee
 * stays with the platform.
 */
export async function approveWithdrawal(
  tx: Tx,
  { withdrawal, actor, now, chains = chainSettings().chains }: ApproveWithdrawalOptions,
): Promise<WithdrawalRow> {
  // Refused before anything is queued: a withdrawal past REQUESTED is never sent twice.
  planTransition(withdrawalMachine, { current: withdrawal.state, action: 'approve', actor: actor.type, context: { now } });
  const send = await queueChainSend(tx, { chain: withdrawal.chainKey, purpose: 'withdrawal', referenceId: withdrawal.id, toAddress: withdrawal.toAddress, amount: withdrawal.amount }, chains);
  const approved = await applyWithdrawalTransition(tx, { withdrawal, action: 'approve', actor: actor.type, changes: { chainSendId: send.id, decidedAt: now, decidedBy: actor.id }, now });
  if (!approved) throw movedOn();
  return approved;
}

export function movedOn(): DomainError {
  return new DomainError('INVALID_ORDER_STATE', 'The withdrawal moved on meanwhile.');
}
