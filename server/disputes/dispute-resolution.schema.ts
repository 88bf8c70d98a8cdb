import { z } from 'zod';
import { payoutDetailResponse } from '../payouts/payout-view.schema';

const amount2 = z.string().regex(/^\d+\.\d{2}$/).describe('USDT, decimal string, 2 decimals');

/**
 * What an operator's ruling did (docs/webhooks.md, "Dispute rulings"): the outcome, where the
 * frozen USDT went (each amount equals a leg of the ruling's ledger transfer) and the operator's
 * note, which is written for the merchant. Only the two rulings the console offers exist; a split
 * ruling would arrive as a new outcome value, so a client should treat an unknown one as "ask".
 */
export const disputeResolution = z.object({
  outcome: z.enum(['released', 'refunded']).describe('released: the trader was paid (status COMPLETED); refunded: the frozen USDT came back to you (status CANCELLED)'),
  traderAmount: amount2.describe('USDT paid to the trader: usdAmount when released, 0.00 when refunded'),
  merchantAmount: amount2.describe('USDT returned to your available balance: usdAmount + usdFeeAmount when refunded, 0.00 when released'),
  feeAmount: amount2.describe('USDT kept as the platform fee: usdFeeAmount when released, 0.00 when refunded'),
  note: z.string().describe("the operator's note on the ruling, 1 to 1000 characters, written for you"),
});
export type DisputeResolution = z.output<typeof disputeResolution>;

/**
 * The data of payout.dispute_resolved: the payout as its detail endpoint shows it, plus the ruling.
 * Every ruling writes `resolution`; it is optional only because the events API also returns events
 * stored before the field existed, and the document must describe those too.
 */
export const payoutDisputeResolvedData = payoutDetailResponse.extend({
  resolution: disputeResolution.optional().describe('what the ruling did; absent only on events written before this field was added'),
});
