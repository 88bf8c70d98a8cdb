import { z } from 'zod';
import { rulingReasonCodes } from './ruling-reasons';

const amount2 = z.string().regex(/^\d+\.\d{2}$/).describe('USDT, decimal string, 2 decimals');
const amount6 = z.string().regex(/^\d+\.\d{6}$/).describe('USDT, decimal string, 6 decimals');
const reasonCode = z.enum(rulingReasonCodes).describe("why the operator ruled so (docs/operator-guide.md, \"Rulings\"); new codes may be added, treat an unknown one as 'other'");
const note = z.string().describe("the operator's note on the ruling, 1 to 1000 characters, written for you");

/**
 * What an operator's ruling on a payout did (docs/webhooks.md, "Dispute rulings"): the outcome, where
 * the frozen USDT went (each amount equals a leg of the ruling's ledger transfer), the reason code and
 * the operator's note, which is written for the merchant. A client should treat an unknown outcome
 * as "ask".
 */
export const disputeResolution = z.object({
  outcome: z
    .enum(['released', 'refunded', 'split'])
    .describe('released: the trader was paid (status COMPLETED); refunded: the frozen USDT came back to you (status CANCELLED); split: part to the trader, the rest back to you (status COMPLETED)'),
  traderAmount: amount2.describe('USDT paid to the trader: usdAmount when released, 0.00 when refunded, the ruled part when split'),
  merchantAmount: amount2.describe('USDT returned to your available balance: usdAmount + usdFeeAmount when refunded, 0.00 when released, the rest when split'),
  feeAmount: amount2.describe('USDT kept as the platform fee: usdFeeAmount when released, 0.00 when refunded, the fee pro rata to traderAmount when split'),
  reasonCode: reasonCode.optional().describe('why the operator ruled so; absent only on events written before reason codes existed'),
  note,
});
export type DisputeResolution = z.output<typeof disputeResolution>;

/** A split ruling on a pay-in: how the escrowed assetAmount was divided (each a leg of one transfer). */
export const payinDisputeResolution = z.object({
  outcome: z.enum(['split']).describe('split: part of the escrow credited to you, the rest back to the trader (status COMPLETED)'),
  merchantAmount: amount6.describe('USDT credited to your available balance: your share of the escrow less feeAmount'),
  traderAmount: amount6.describe('USDT returned to the trader: assetAmount less your share'),
  feeAmount: amount6.describe('USDT kept as the platform fee, pro rata to your share'),
  reasonCode,
  note,
});
export type PayinDisputeResolution = z.output<typeof payinDisputeResolution>;
