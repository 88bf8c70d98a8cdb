import type { payinOrders, payoutOrders } from '../../db/schema';
import { DomainError } from '../errors';
import { amountProblem, type AmountRule } from '../money/amount-strings';
import { Dec } from '../money/decimal';

type PayoutRow = typeof payoutOrders.$inferSelect;
type PayinRow = typeof payinOrders.$inferSelect;

/** Where each part of a split ruling's money goes; the three legs sum to the order's held total. */
export interface SplitLegs {
  traderAmount: string;
  merchantAmount: string;
  feeAmount: string;
}

// A payout's amounts are USDT to the cent, a pay-in's escrow is USDT at ledger precision
// (docs/amounts.md, "Decimal places"); a split amount has the precision of what it divides.
const places = { payout: 2, payin: 6 } as const;
const spelling: Record<'payout' | 'payin', AmountRule> = {
  payout: { exactDecimals: 2, example: '"40.00"', allowZero: true },
  payin: { maxDecimals: 6, example: '"40.5"', allowZero: true },
};

function invalid(message: string): DomainError {
  return new DomainError('SPLIT_AMOUNT_INVALID', message, { details: [{ path: 'splitAmount', message }] });
}

/**
 * Checks the operator's split amount against what it divides: a decimal string of the flow's
 * precision, strictly between 0 and the whole (all or nothing is a release or a refund, not a split).
 * Returns it spelt at ledger precision. SPLIT_AMOUNT_INVALID otherwise.
 */
export function parseSplitAmount(flow: 'payout' | 'payin', raw: string | null | undefined, whole: string): string {
  // The amounts' one spelling (docs/amounts.md, "Amounts in requests"): no leading zeros either.
  const problem = typeof raw === 'string' ? amountProblem(raw, spelling[flow]) : 'must be a string';
  if (typeof raw !== 'string' || problem !== undefined) throw invalid(`The split amount ${problem}.`);
  const amount = new Dec(raw);
  if (amount.lte(0) || amount.gte(whole)) {
    throw invalid(`The split amount must be more than 0 and less than ${new Dec(whole).toFixed(places[flow])}.`);
  }
  return amount.toFixed(6);
}

/**
 * Payout split (docs/ledger.md, "Split rulings"): the trader is paid `traderAmount` of usdAmount; the
 * platform fee is charged pro rata, usdFeeAmount x traderAmount / usdAmount rounded half up to the
 * cent; the merchant gets exactly the rest of the frozen usdAmount + usdFeeAmount back.
 */
export function payoutSplitLegs(order: Pick<PayoutRow, 'usdAmount' | 'usdFeeAmount'>, traderAmount: string): SplitLegs {
  const trader = new Dec(traderAmount);
  const fee = new Dec(order.usdFeeAmount).times(trader).dividedBy(order.usdAmount).toDecimalPlaces(places.payout, Dec.ROUND_HALF_UP);
  const merchant = new Dec(order.usdAmount).plus(order.usdFeeAmount).minus(trader).minus(fee);
  return { traderAmount: trader.toFixed(6), merchantAmount: merchant.toFixed(6), feeAmount: fee.toFixed(6) };
}

/**
 * Pay-in split: `merchantShare` of the escrowed assetAmount settles for the merchant, less the fee
 * charged pro rata (the settlement's fee, min(usdFeeAmount, assetAmount), x merchantShare /
 * assetAmount, rounded half up to 6 decimals, so never more than the share); the trader gets
 * exactly the rest of the escrow back.
 */
export function payinSplitLegs(order: Pick<PayinRow, 'assetAmount' | 'usdFeeAmount'>, merchantShare: string): SplitLegs {
  const asset = new Dec(order.assetAmount);
  const share = new Dec(merchantShare);
  const fullFee = Dec.min(new Dec(order.usdFeeAmount), asset);
  const fee = fullFee.times(share).dividedBy(asset).toDecimalPlaces(places.payin, Dec.ROUND_HALF_UP);
  return { traderAmount: asset.minus(share).toFixed(6), merchantAmount: share.minus(fee).toFixed(6), feeAmount: fee.toFixed(6) };
}
