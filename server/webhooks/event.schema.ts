import { z } from 'zod';
import { payinDisputeResolvedData, payoutDisputeResolvedData } from '../disputes/dispute-resolution.schema';
import { payinDetailResponse } from '../payins/payin-view.schema';
import { payoutDetailResponse } from '../payouts/payout-view.schema';
import { payoutWithProofs } from '../proofs/payout-proof.schema';
import { payinMachine } from '../payins/payin-machine';
import { payoutMachine } from '../payouts/payout-machine';
import { depositMachine } from '../deposits/deposit-machine';
import { depositResponse } from '../deposits/deposit.schema';
import { withdrawalMachine } from '../withdrawals/withdrawal-machine';
import { withdrawalAddressResponse } from '../withdrawals/address-book/withdrawal-address.schema';
import { withdrawalResponse } from '../withdrawals/withdrawal.schema';

// The events of docs/webhooks.md, "Events": every body is { id, type, createdAt, data }, where data
// is the order exactly as its detail endpoint returns it (payout.proof_submitted adds the proofs,
// payout.dispute_resolved the ruling's `resolution`). For the OpenAPI document's webhooks section.

/** The events an order's transitions write (server/state-machines), each once. */
function eventsOf(machine: { transitions: readonly { event?: string }[] }): string[] {
  return [...new Set(machine.transitions.flatMap((transition) => (transition.event ? [transition.event] : [])))];
}

export const payoutEventTypes = eventsOf(payoutMachine);
export const payinEventTypes = eventsOf(payinMachine);
/** A merchant's deposit events (docs/webhooks.md, "Deposit events"): its detection, then its machine's. */
export const depositEventTypes = ['wallet.deposit_detected', ...eventsOf(depositMachine)];
/** A merchant's USDT withdrawal events (docs/webhooks.md, "Withdrawal events"): its request, then its machine's. */
export const withdrawalEventTypes = ['wallet.withdrawal_requested', ...eventsOf(withdrawalMachine)];
/** A new address in the merchant's withdrawal book: its data is the book entry. */
export const WITHDRAWAL_ADDRESS_ADDED_EVENT_TYPE = 'wallet.withdrawal_address_added';
export const TEST_EVENT_TYPE = 'webhook.test';
/** Every event type a merchant's endpoint may receive, in the document's order. */
export const webhookEventTypes = [...payoutEventTypes, ...payinEventTypes, ...depositEventTypes, WITHDRAWAL_ADDRESS_ADDED_EVENT_TYPE, ...withdrawalEventTypes, TEST_EVENT_TYPE];

/** When each event is sent, as docs/webhooks.md's table says; a test holds it equal to the machines' events. */
export const eventDescriptions: Record<string, string> = {
  'payout.accepted': 'A trader took the payout (PENDING_PAYMENT).',
  'payout.proof_submitted': 'The trader uploaded proof (data.proofs lists the images); decide with CONFIRM or DISPUTE.',
  'payout.completed': 'Your CONFIRM released the USDT to the trader.',
  'payout.overdue': 'The trader did not pay by paymentDueAt.',
  'payout.disputed': 'You disputed, or the 24 h decision window ran out (reason MERCHANT_ACTION_TIMEOUT).',
  'payout.dispute_resolved':
    "An operator ruled: data.status is COMPLETED (released to the trader, or split) or CANCELLED (refunded to you); data.resolution gives the outcome, the amounts each side received, the reason code and the operator's note.",
  'payout.dispute_withdrawn': 'You withdrew your dispute: the payout is back to PAYMENT_SUBMITTED, and merchantActionDueAt moved on by the time the dispute took.',
  'payout.reassigned': 'An operator put the payout back in the pool.',
  'payout.cancelled': 'You cancelled it before a trader accepted, or an operator cancelled it; the frozen USDT is available again.',
  'order.matched': 'A queued pay-in found its trader; the checkout shows bank details.',
  'order.payment_submitted': 'The buyer clicked "I Have Paid".',
  'order.completed': 'The pay-in settled: your balance is credited.',
  'order.cancelled': 'You or the buyer cancelled it before paying, or the pay-in expired.',
  'order.disputed': 'The buyer or the trader reported a problem.',
  'order.failed': 'The settlement failed or an operator ruled against the payment.',
  'order.dispute_resolved':
    "An operator split the escrow (status COMPLETED): data.resolution gives the USDT credited to you, returned to the trader and kept as the fee, the reason code and the operator's note.",
  'wallet.deposit_detected': 'USDT reached your deposit address (data.state DETECTED); it is credited once the chain\'s confirmations are in. Not yet in your balance.',
  'wallet.deposit_credited': 'The deposit is final and data.amount is in your available balance (data.state CREDITED).',
  'wallet.deposit_held': 'The deposit is final but held, not credited: data.heldReason is below_minimum or retired_address; contact the operator.',
  'wallet.deposit_orphaned': 'The block holding the deposit left the chain before it was final (data.state ORPHANED): it will not be credited. If the transfer is mined again, it arrives as a new deposit.',
  [WITHDRAWAL_ADDRESS_ADDED_EVENT_TYPE]: 'An owner added an address to your withdrawal book (data is the entry; usable from data.usableAt). If nobody on your team did, tell the platform at once.',
  'wallet.withdrawal_requested': 'A USDT withdrawal was requested: amount + fee left your available balance (data.state REQUESTED, or APPROVED at once in the next event).',
  'wallet.withdrawal_approved': 'The withdrawal was approved and queued for sending (data.state APPROVED).',
  'wallet.withdrawal_rejected': 'An operator rejected the withdrawal (data.reason); amount + fee are back in your available balance.',
  'wallet.withdrawal_signed': 'The send was signed (data.state SIGNED).',
  'wallet.withdrawal_broadcast': 'The send is on the network (data.txHash), not yet confirmed.',
  'wallet.withdrawal_confirmed': 'The chain confirmed the send: the USDT has left (data.state CONFIRMED).',
  'wallet.withdrawal_failed': 'The send failed on chain (data.reason); amount + fee are back in your available balance.',
  [TEST_EVENT_TYPE]: 'You asked for a test event (POST /api/v1/webhooks/test).',
};

export const testEventData = z.object({ message: z.string() });

/** One event's body: the envelope around `data`, with `type` fixed to the event's name. */
export function eventEnvelope(type: string, data: z.ZodType) {
  return z.object({
    id: z.string().regex(/^evt_[0-9a-f]{32}$/).describe('the event id, also sent as webhook-id: the same on every retry'),
    type: z.literal(type),
    createdAt: z.iso.datetime().describe('when the change happened; use it to ignore an older state arriving late'),
    data,
  });
}

/** The event whose data lists the payout's proofs besides the payout (docs/webhooks.md). */
export const PROOF_SUBMITTED_EVENT_TYPE = 'payout.proof_submitted';

/** The event whose data adds the ruling to the payout (docs/webhooks.md, "Dispute rulings"). */
export const DISPUTE_RESOLVED_EVENT_TYPE = 'payout.dispute_resolved';

/** The pay-in event whose data adds the split ruling (docs/webhooks.md, "Dispute rulings"). */
export const PAYIN_DISPUTE_RESOLVED_EVENT_TYPE = 'order.dispute_resolved';

/** The data of an event type: the payout's or pay-in's detail (with the proofs or the ruling where those events add them), or the test message. */
export function eventDataOf(type: string): z.ZodType {
  if (type === PROOF_SUBMITTED_EVENT_TYPE) return payoutWithProofs;
  if (type === DISPUTE_RESOLVED_EVENT_TYPE) return payoutDisputeResolvedData;
  if (type === PAYIN_DISPUTE_RESOLVED_EVENT_TYPE) return payinDisputeResolvedData;
  if (payoutEventTypes.includes(type)) return payoutDetailResponse;
  if (payinEventTypes.includes(type)) return payinDetailResponse;
  if (depositEventTypes.includes(type)) return depositResponse;
  if (type === WITHDRAWAL_ADDRESS_ADDED_EVENT_TYPE) return withdrawalAddressResponse;
  if (withdrawalEventTypes.includes(type)) return withdrawalResponse;
  return testEventData;
}
