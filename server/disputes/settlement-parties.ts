import type { DisputeFlow } from '../orders/order-ref';
import type { ConversationFlowRuling, ConversationParty, SettlementOutcome } from './conversation.schema';

/**
 * Who may settle a dispute between themselves (docs/operator-guide.md, "Settlements between the
 * parties"): the two sides whose money the ruling moves. A pay-in's buyer paid (or not) the trader;
 * a payout's trader paid (or not) the merchant's recipient. The pay-in's merchant and the operators
 * may talk, but not settle: the operator rules instead.
 */
const SETTLING_PARTIES: Record<DisputeFlow, readonly [ConversationParty, ConversationParty]> = {
  payin: ['buyer', 'trader'],
  payout: ['merchant', 'trader'],
};

export function maySettle(flow: DisputeFlow, party: ConversationParty): boolean {
  return SETTLING_PARTIES[flow].includes(party);
}

/** The side that answers a settlement `party` proposed. */
export function otherSide(flow: DisputeFlow, party: ConversationParty): ConversationParty {
  const [a, b] = SETTLING_PARTIES[flow];
  return party === a ? b : a;
}

/**
 * The ruling a settlement applies, in the flow's words: release pays the trader (payout) or the
 * merchant (pay-in, the buyer paid), cancel gives the money back to the merchant (payout) or the
 * trader (pay-in, the buyer did not pay).
 */
export function rulingOf(flow: DisputeFlow, outcome: SettlementOutcome): ConversationFlowRuling {
  if (outcome === 'split') return 'split';
  if (flow === 'payout') return outcome === 'release' ? 'release' : 'refund';
  return outcome === 'release' ? 'complete' : 'fail';
}
