import { chainSendMachine } from '@/server/state-machines/chain-send';
import { depositMachine } from '@/server/state-machines/deposit';
import { payinMachine } from '@/server/state-machines/payin';
import { payoutMachine } from '@/server/state-machines/payout';

// Pure on purpose: a page can import the machines to offer buttons without pulling in the
// database. The applier (apply-transition.ts) and recordCreation are imported from their own files.
export * from '@/server/state-machines/machine';
export * from '@/server/state-machines/guards';
export * from '@/server/state-machines/windows';
export * from '@/server/state-machines/payout';
export * from '@/server/state-machines/payin';
export * from '@/server/state-machines/deposit';
export * from '@/server/state-machines/chain-send';

export const machines = { payout: payoutMachine, payin: payinMachine, deposit: depositMachine, chain_send: chainSendMachine } as const;
