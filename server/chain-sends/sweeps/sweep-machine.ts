import type { ChainSweepState } from '@/db/schema/chain-sweeps';
import { defineMachine, type StateDef } from '@/server/orders/machine';

/**
 * The life of a sweep of a deposit address into the hot wallet (docs/state-machines.md, "Sweep";
 * docs/wallet.md, "Sweeps"). The planner creates it in TOPPING_UP with its gas top-up queued; only
 * the signer's settlements of its two chain sends move it on.
 */
export type ChainSweepAction = 'topped_up' | 'swept' | 'fail';

const states: Record<ChainSweepState, StateDef> = {
  TOPPING_UP: { terminal: false, label: 'Topping up', description: 'gas for the transfer is on its way from the hot wallet' },
  SWEEPING: { terminal: false, label: 'Sweeping', description: 'the address has its gas; its USDT transfer to the hot wallet is queued' },
  SWEPT: { terminal: true, label: 'Swept', description: 'the USDT reached the hot wallet' },
  FAILED: { terminal: true, label: 'Failed', description: 'a send reverted on chain; the USDT stays on the address and a later sweep takes it' },
};

export const sweepMachine = defineMachine<ChainSweepState, ChainSweepAction>({
  flow: 'chain_sweep',
  states,
  // SWEEPING when the address already holds the gas (left over from an earlier sweep): no top-up then.
  initial: ['TOPPING_UP', 'SWEEPING'],
  transitions: [
    { action: 'topped_up', from: ['TOPPING_UP'], to: 'SWEEPING', actors: ['system'], description: 'the gas top-up is confirmed; the token transfer is queued in the same transaction' },
    { action: 'swept', from: ['SWEEPING'], to: 'SWEPT', actors: ['system'], description: 'the token transfer is confirmed' },
    { action: 'fail', from: ['TOPPING_UP', 'SWEEPING'], to: 'FAILED', actors: ['system'], description: 'the top-up or the transfer reverted on chain' },
  ],
});
