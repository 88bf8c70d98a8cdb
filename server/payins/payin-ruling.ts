import type { payinOrders } from '../../db/schema';
import { Dec } from '../money/decimal';
import { fmt2, fmt6 } from '../money/format';
import type { PayinDisputeResolution } from '../rulings/resolution.schema';
import { payinSplitLegs } from '../rulings/split-ruling';
import type { RulingReasonCode } from '../rulings/ruling-reasons';

type PayinRow = typeof payinOrders.$inferSelect;

/**
 * What a ruling did to a pay-in's escrow (assetAmount), as its ledger transfer moved it, USDT at
 * ledger precision: completed (assetAmount less the fee credited to the merchant), failed (all of it
 * back to the trader) or split (server/rulings/split-ruling.ts). Null when no operator ruled on it.
 */
export function payinRulingOf(order: PayinRow) {
  if (order.resolutionNote === null) return null;
  const zero = '0.000000';
  const asset = new Dec(order.assetAmount);
  const common = { reasonCode: order.resolutionCode, note: order.resolutionNote };
  if (order.status === 'FAILED') return { outcome: 'failed' as const, merchantAmount: zero, traderAmount: fmt6(asset), feeAmount: zero, ...common };
  if (order.resolutionMerchantAmount !== null) {
    const legs = payinSplitLegs(order, order.resolutionMerchantAmount);
    return { outcome: 'split' as const, merchantAmount: fmt6(legs.merchantAmount), traderAmount: fmt6(legs.traderAmount), feeAmount: fmt6(legs.feeAmount), ...common };
  }
  const fee = Dec.min(new Dec(order.usdFeeAmount), asset);
  return { outcome: 'completed' as const, merchantAmount: fmt6(asset.minus(fee)), traderAmount: zero, feeAmount: fmt6(fee), ...common };
}

export type PayinRuling = NonNullable<ReturnType<typeof payinRulingOf>>;

/**
 * A pay-in ruling in the buyer's terms, CNY only (a buyer paying CNY is never shown USDT
 * amounts): a split counts the share of the escrow the merchant was credited for as that share of
 * the order's CNY amount, rounded half up to the fen; the rest was not counted as paid. The
 * operator's note is written for the merchant and stays out of it.
 */
export function buyerRulingOf(order: PayinRow) {
  const ruling = payinRulingOf(order);
  if (!ruling) return null;
  if (ruling.outcome !== 'split') return { outcome: ruling.outcome };
  const whole = new Dec(order.fiatAmount);
  const counted = whole.times(order.resolutionMerchantAmount!).dividedBy(order.assetAmount).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  return { outcome: 'split' as const, orderFiatAmount: fmt2(whole), countedFiatAmount: fmt2(counted), notCountedFiatAmount: fmt2(whole.minus(counted)) };
}

/** The resolution of a pay-in split: the legs of its transfer (server/payins/payin-ledger.ts). */
export function payinSplitResolutionOf(order: PayinRow, reasonCode: RulingReasonCode, note: string): PayinDisputeResolution {
  const legs = payinSplitLegs(order, order.resolutionMerchantAmount ?? '0');
  return { outcome: 'split', merchantAmount: fmt6(legs.merchantAmount), traderAmount: fmt6(legs.traderAmount), feeAmount: fmt6(legs.feeAmount), reasonCode, note };
}
