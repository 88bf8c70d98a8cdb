import type { PayinStatus } from './types';

export type Screen = 'matching' | 'pay' | 'submitted' | 'releasing' | 'settling' | 'completed' | 'expired' | 'disputed' | 'failed';

const terminal: ReadonlySet<PayinStatus> = new Set(['COMPLETED', 'CANCELLED', 'FAILED']);

export const isTerminal = (status: PayinStatus): boolean => terminal.has(status);

/** Still waiting for the buyer's money, so the payment deadline applies. */
export const isOpen = (status: PayinStatus): boolean => status === 'PENDING_MATCH' || status === 'PENDING_PAYMENT';

/**
 * `deadlinePassed` covers the seconds between the deadline and the scheduler cancelling the order:
 * the buyer must not be invited to pay an order the server will refuse.
 */
export function screenOf(status: PayinStatus, deadlinePassed: boolean): Screen {
  if (isOpen(status) && deadlinePassed) return 'expired';
  switch (status) {
    case 'PENDING_MATCH':
      return 'matching';
    case 'PENDING_PAYMENT':
      return 'pay';
    case 'PAYMENT_SUBMITTED':
      return 'submitted';
    case 'PENDING_RELEASE':
      return 'releasing';
    case 'SETTLING':
      return 'settling';
    case 'COMPLETED':
      return 'completed';
    case 'CANCELLED':
      return 'expired';
    case 'DISPUTED':
      return 'disputed';
    case 'FAILED':
      return 'failed';
  }
}

export type StepState = 'done' | 'current' | 'todo' | 'stopped';

/** Pay -> Confirming -> Done. */
export function stepStates(screen: Screen): [StepState, StepState, StepState] {
  switch (screen) {
    case 'matching':
    case 'pay':
      return ['current', 'todo', 'todo'];
    case 'expired':
      return ['stopped', 'todo', 'todo'];
    case 'submitted':
    case 'releasing':
    case 'settling':
    case 'disputed':
      return ['done', 'current', 'todo'];
    case 'failed':
      return ['done', 'stopped', 'todo'];
    case 'completed':
      return ['done', 'done', 'done'];
  }
}
