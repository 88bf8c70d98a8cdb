import { requireDue, requireNote, requireProofCount, requireReason } from '@/server/orders/guards';
import { defineMachine, type StateDef } from '@/server/orders/machine';

export { payoutStatuses, type PayoutStatus } from '@/db/schema/order-statuses';
import type { PayoutStatus } from '@/db/schema/order-statuses';

/** Labels are those of docs/state-machines.md, "Payout" (machine.test.ts holds them equal); descriptions are the short meanings. */
export const payoutStates: Record<PayoutStatus, StateDef> = {
  PENDING_MATCH: { terminal: false, label: 'Matching Trader', description: 'merchant balance frozen; dispatching to traders' },
  PENDING_PAYMENT: { terminal: false, label: 'Trader Transferring', description: 'trader accepted and is transferring fiat' },
  PAYMENT_OVERDUE: { terminal: false, label: 'Payment Overdue', description: 'trader exceeded the time allowed; task escalated' },
  PAYMENT_SUBMITTED: { terminal: false, label: 'Proof Submitted', description: 'proof uploaded; awaiting merchant decision' },
  COMPLETED: { terminal: true, label: 'Completed', description: 'merchant confirmed; crypto released to trader' },
  DISPUTED: { terminal: false, label: 'Disputed', description: 'dispute filed; operator arbitration' },
  CANCELLED: { terminal: true, label: 'Cancelled', description: 'frozen assets unlocked back to available balance' },
};

export const payoutActions = [
  'accept',
  'release_task',
  'mark_overdue',
  'submit_proof',
  'confirm',
  'dispute',
  'merchant_action_timeout',
  'resolve_release',
  'resolve_refund',
  'withdraw_dispute',
  'resolve_split',
  'reassign',
  'cancel',
  'merchant_cancel',
] as const;
export type PayoutAction = (typeof payoutActions)[number];

/** The payout lifecycle (docs/state-machines.md, "Payout"). */
export const payoutMachine = defineMachine<PayoutStatus, PayoutAction>({
  flow: 'payout',
  states: payoutStates,
  initial: ['PENDING_MATCH'],
  transitions: [
    {
      action: 'accept',
      from: ['PENDING_MATCH'],
      to: 'PENDING_PAYMENT',
      actors: ['trader'],
      event: 'payout.accepted',
      description: 'A trader takes the task; the first accept wins. paymentDueAt starts.',
    },
    {
      action: 'release_task',
      from: ['PENDING_PAYMENT'],
      to: 'PENDING_MATCH',
      actors: ['trader'],
      description: 'The trader gives the task back before paying; it returns to the pool.',
    },
    {
      action: 'mark_overdue',
      from: ['PENDING_PAYMENT'],
      to: 'PAYMENT_OVERDUE',
      actors: ['system'],
      event: 'payout.overdue',
      // The scheduler passes dueAt = paymentDueAt (accept + defaultWindows.payoutPaymentMs).
      guard: requireDue,
      description: 'paymentDueAt passed without proof; escalated to operators.',
    },
    {
      // The spec's "PENDING_MATCH or later pre-proof state" is read as: proof comes only from the
      // trader holding the task. A PENDING_MATCH order has no trader yet, so one accepts first;
      // otherwise two traders could both pay the same recipient. PAYMENT_OVERDUE is allowed: a
      // late payment is still a payment, and refusing its proof would strand the recipient's money.
      action: 'submit_proof',
      from: ['PENDING_PAYMENT', 'PAYMENT_OVERDUE'],
      to: 'PAYMENT_SUBMITTED',
      actors: ['trader'],
      event: 'payout.proof_submitted',
      guard: requireProofCount,
      description: 'The trader uploads 1 to 3 proof images; merchantActionDueAt starts.',
    },
    {
      action: 'confirm',
      from: ['PAYMENT_SUBMITTED'],
      to: 'COMPLETED',
      actors: ['merchant'],
      event: 'payout.completed',
      description: 'Merchant decision CONFIRM: frozen USDT goes to the trader, the fee to the platform.',
    },
    {
      action: 'dispute',
      from: ['PAYMENT_SUBMITTED'],
      to: 'DISPUTED',
      actors: ['merchant'],
      event: 'payout.disputed',
      guard: requireReason,
      description: 'Merchant decision DISPUTE with a reason: operator arbitration; funds stay frozen.',
    },
    {
      action: 'merchant_action_timeout',
      from: ['PAYMENT_SUBMITTED'],
      to: 'DISPUTED',
      actors: ['system'],
      event: 'payout.disputed',
      // dueAt = merchantActionDueAt; the caller records the reason MERCHANT_ACTION_TIMEOUT (windows.ts)
      // so an operator can tell a silent merchant from a merchant who disputed.
      guard: requireDue,
      description: 'merchantActionDueAt passed without a decision; disputed with reason MERCHANT_ACTION_TIMEOUT.',
    },
    {
      action: 'resolve_release',
      from: ['DISPUTED'],
      to: 'COMPLETED',
      actors: ['operator', 'system'],
      event: 'payout.dispute_resolved',
      guard: requireNote,
      description: 'The operator, or an automatic ruling for a clear case, rules for the trader: frozen USDT released as on CONFIRM.',
    },
    {
      action: 'resolve_refund',
      from: ['DISPUTED'],
      to: 'CANCELLED',
      actors: ['operator', 'system'],
      event: 'payout.dispute_resolved',
      guard: requireNote,
      description: "The operator, or an automatic ruling for a clear case, rules for the merchant: frozen USDT back to the merchant's available balance.",
    },
    {
      // The one way out of DISPUTED that is not a ruling: the merchant takes its dispute back (or
      // decides after all, when the dispute was its silence), and decides again with the time the
      // dispute took given back (docs/state-machines.md, "Pauses").
      action: 'withdraw_dispute',
      from: ['DISPUTED'],
      to: 'PAYMENT_SUBMITTED',
      actors: ['merchant'],
      event: 'payout.dispute_withdrawn',
      description: 'The merchant withdraws its dispute: back to its decision, merchantActionDueAt moved on by the pause.',
    },
    {
      // Ends COMPLETED: the trader was paid (part of) the payout; resolution_trader_amount says how much.
      action: 'resolve_split',
      from: ['DISPUTED'],
      to: 'COMPLETED',
      actors: ['operator', 'system'],
      event: 'payout.dispute_resolved',
      guard: requireNote,
      description: 'The operator, or the system applying the parties\' accepted settlement, splits: part of the usdAmount to the trader, the pro-rata fee to the platform, the rest back to the merchant.',
    },
    {
      action: 'reassign',
      from: ['PENDING_MATCH', 'PAYMENT_OVERDUE'],
      to: 'PENDING_MATCH',
      actors: ['operator'],
      event: 'payout.reassigned',
      description: 'The operator puts the task back in the pool (trader cleared, match window restarted).',
    },
    {
      action: 'cancel',
      from: ['PENDING_MATCH', 'PAYMENT_OVERDUE'],
      to: 'CANCELLED',
      actors: ['operator'],
      event: 'payout.cancelled',
      description: 'The operator cancels: frozen USDT back to the merchant.',
    },
    {
      // The merchant's own cancel is a separate action from the operator's: only while no trader
      // holds the task. From PENDING_PAYMENT on, a trader may already be sending the CNY, so only
      // an operator (who can see the transfer) may unfreeze the USDT.
      action: 'merchant_cancel',
      from: ['PENDING_MATCH'],
      to: 'CANCELLED',
      actors: ['merchant'],
      event: 'payout.cancelled',
      description: 'The merchant cancels before any trader accepts: frozen USDT back to the merchant.',
    },
  ],
});
