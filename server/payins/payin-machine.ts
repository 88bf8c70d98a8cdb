import { requireDue, requireNote, requireReason } from '@/server/orders/guards';
import { defineMachine, type StateDef } from '@/server/orders/machine';

export { payinStatuses, type PayinStatus } from '@/db/schema/order-statuses';
import type { PayinStatus } from '@/db/schema/order-statuses';

/** Labels are those of docs/state-machines.md, "Pay-in" (machine.test.ts holds them equal); descriptions are the short meanings. */
export const payinStates: Record<PayinStatus, StateDef> = {
  PENDING_MATCH: { terminal: false, label: 'Matching Trader', description: 'finding a liquidity provider' },
  PENDING_PAYMENT: { terminal: false, label: 'Awaiting Payment', description: 'buyer can see recipient bank details on checkout page' },
  PAYMENT_SUBMITTED: { terminal: false, label: 'Paid', description: "buyer clicked 'I Have Paid'; awaiting trader verification" },
  PENDING_RELEASE: { terminal: false, label: 'Awaiting Release', description: 'trader confirmed fiat receipt; crypto settlement unlocking' },
  SETTLING: { terminal: false, label: 'Settling', description: 'ledger split and account transfers executing' },
  COMPLETED: { terminal: true, label: 'Completed', description: 'crypto settled to merchant balance; triggers event' },
  CANCELLED: { terminal: true, label: 'Cancelled', description: 'expired or cancelled before payment' },
  DISPUTED: { terminal: false, label: 'Disputed', description: 'payment issue reported; operator review' },
  FAILED: { terminal: true, label: 'Failed', description: 'settlement aborted or arbitrated cancel' },
};

export const payinActions = [
  'match',
  'submit_payment',
  'buyer_cancel',
  'merchant_cancel',
  'expire',
  'confirm_receipt',
  'begin_settlement',
  'settle',
  'settlement_failed',
  'dispute',
  'resolve_complete',
  'resolve_fail',
  'resolve_split',
] as const;
export type PayinAction = (typeof payinActions)[number];

/** The pay-in lifecycle (docs/state-machines.md, "Pay-in"). */
export const payinMachine = defineMachine<PayinStatus, PayinAction>({
  flow: 'payin',
  states: payinStates,
  initial: ['PENDING_MATCH', 'PENDING_PAYMENT'],
  transitions: [
    {
      action: 'match',
      from: ['PENDING_MATCH'],
      to: 'PENDING_PAYMENT',
      actors: ['system'],
      event: 'order.matched',
      description: "A trader who can serve the amount is found; their USDT goes to escrow.",
    },
    {
      action: 'submit_payment',
      from: ['PENDING_PAYMENT'],
      to: 'PAYMENT_SUBMITTED',
      actors: ['buyer'],
      event: 'order.payment_submitted',
      description: "The buyer clicks 'I Have Paid'; paymentSubmittedAt is set.",
    },
    {
      action: 'buyer_cancel',
      from: ['PENDING_MATCH', 'PENDING_PAYMENT'],
      to: 'CANCELLED',
      actors: ['buyer'],
      event: 'order.cancelled',
      description: 'The buyer cancels before paying; any escrow returns to the trader.',
    },
    {
      // Only before "I Have Paid": once the buyer says they paid, the CNY may be on its way to
      // the trader, and only the trader's release or an operator's ruling may end the order.
      action: 'merchant_cancel',
      from: ['PENDING_MATCH', 'PENDING_PAYMENT'],
      to: 'CANCELLED',
      // An operator rejecting a pay-in a risk rule held cancels it the same way, with a note
      // (docs/risk.md, "Review"); a held pay-in is unmatched, so nothing is escrowed yet.
      actors: ['merchant', 'operator'],
      event: 'order.cancelled',
      description: 'The merchant cancels before the buyer reports payment; any escrow returns to the trader.',
    },
    {
      action: 'expire',
      from: ['PENDING_MATCH', 'PENDING_PAYMENT'],
      to: 'CANCELLED',
      actors: ['system'],
      event: 'order.cancelled',
      guard: requireDue,
      description: 'expiresAt passed before payment; any escrow returns to the trader.',
    },
    {
      action: 'confirm_receipt',
      from: ['PAYMENT_SUBMITTED'],
      to: 'PENDING_RELEASE',
      actors: ['trader'],
      description: 'The trader confirms the CNY arrived and releases the USDT.',
    },
    {
      action: 'begin_settlement',
      from: ['PENDING_RELEASE'],
      to: 'SETTLING',
      actors: ['system'],
      description: 'The ledger split starts.',
    },
    {
      action: 'settle',
      from: ['SETTLING'],
      to: 'COMPLETED',
      actors: ['system'],
      event: 'order.completed',
      description: 'Escrow pays the merchant assetAmount - fee and the platform the fee.',
    },
    {
      action: 'settlement_failed',
      from: ['SETTLING'],
      to: 'FAILED',
      actors: ['system'],
      event: 'order.failed',
      description: 'The settlement could not post; the escrow stays intact for an operator.',
    },
    {
      // The buyer may report only defaultWindows.payinBuyerReportAfterMs after paying; the trader
      // ("not received") at once. That timing is the checkout's rule, not a guard: a guard sees no
      // actor, so a dueAt passed only by buyer callers would be enforced only when the caller
      // remembers it, which is no safer and would make requireDue mean two things.
      action: 'dispute',
      from: ['PAYMENT_SUBMITTED'],
      to: 'DISPUTED',
      actors: ['trader', 'buyer'],
      event: 'order.disputed',
      guard: requireReason,
      description: 'The trader reports the money did not arrive, or the buyer reports a problem.',
    },
    {
      action: 'resolve_complete',
      from: ['DISPUTED'],
      to: 'COMPLETED',
      actors: ['operator', 'system'],
      event: 'order.completed',
      guard: requireNote,
      description: 'The operator, or an automatic ruling for a clear case, rules the buyer paid: escrow settles to the merchant.',
    },
    {
      action: 'resolve_fail',
      from: ['DISPUTED'],
      to: 'FAILED',
      actors: ['operator', 'system'],
      event: 'order.failed',
      guard: requireNote,
      description: 'The operator, or an automatic ruling for a clear case, rules the buyer did not pay: escrow returns to the trader.',
    },
    {
      // Ends COMPLETED: the merchant was credited (part of) the order; order.dispute_resolved, not
      // order.completed, so a merchant never reads a partial credit as the full amount.
      action: 'resolve_split',
      from: ['DISPUTED'],
      to: 'COMPLETED',
      actors: ['operator', 'system'],
      event: 'order.dispute_resolved',
      guard: requireNote,
      description: 'The operator, or the system applying the parties\' accepted settlement, splits: part of the escrow to the merchant (less the pro-rata fee), the rest back to the trader.',
    },
  ],
});
