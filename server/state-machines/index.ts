export * from './machine';
export * from './guards';
export * from './windows';
export * from './payout';
export * from './payin';
export * from './apply-transition';
export { recordCreation } from './record-creation';

import { payinMachine } from './payin';
import { payoutMachine } from './payout';

export const machines = { payout: payoutMachine, payin: payinMachine } as const;
