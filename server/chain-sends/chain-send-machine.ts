import type { ChainSendState } from '@/db/schema/chain-sends';
import { defineMachine, type StateDef } from '@/server/orders/machine';

/**
 * The life of an on-chain send from the hot wallet (docs/state-machines.md, "Chain send";
 * docs/wallet.md, "The signer"). Creation is the caller's queueChainSend in QUEUED; only the signer
 * (system) moves a send. SIGNED means its bytes are stored: from then on it is only ever broadcast,
 * never signed again except as a fee-bumped replacement at the same nonce.
 */
export type ChainSendAction = 'sign' | 'broadcast' | 'confirm' | 'fail';

const states: Record<ChainSendState, StateDef> = {
  QUEUED: { terminal: false, label: 'Queued', description: 'waiting for the signer; no transaction exists yet' },
  SIGNED: { terminal: false, label: 'Signed', description: 'signed with a nonce and stored; not yet accepted by a node' },
  BROADCAST: { terminal: false, label: 'Broadcast', description: 'accepted by a node; waiting to be mined and confirmed' },
  CONFIRMED: { terminal: true, label: 'Confirmed', description: 'mined with the chain’s confirmations; the token moved' },
  FAILED: { terminal: true, label: 'Failed', description: 'mined but reverted: the token did not move, the gas is spent' },
};

export const chainSendMachine = defineMachine<ChainSendState, ChainSendAction>({
  flow: 'chain_send',
  states,
  initial: ['QUEUED'],
  transitions: [
    { action: 'sign', from: ['QUEUED'], to: 'SIGNED', actors: ['system'], description: 'next nonce of the hot wallet, signed and stored in one transaction' },
    { action: 'broadcast', from: ['SIGNED'], to: 'BROADCAST', actors: ['system'], description: 'a node accepted the stored bytes (or already knew them)' },
    { action: 'confirm', from: ['BROADCAST'], to: 'CONFIRMED', actors: ['system'], description: 'one attempt mined with status 1 and the confirmations the chain requires' },
    { action: 'fail', from: ['BROADCAST'], to: 'FAILED', actors: ['system'], description: 'one attempt mined with status 0 (reverted) and the confirmations the chain requires' },
  ],
});
