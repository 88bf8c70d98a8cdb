import type { payinOrders, payoutOrders } from '../../db/schema';
import { Dec } from '../money/decimal';
import { fmt2, fmt6 } from '../money/format';
import { frozenAmountOf } from '../payouts/payout-ledger';
import type { DisputeResolution, PayinDisputeResolution } from './dispute-resolution.schema';
import type { RulingReasonCode } from './ruling-reasons';
import { payinSplitLegs, payoutSplitLegs } from './split-ruling';

type PayoutRow = typeof payoutOrders.$inferSelect;
type PayinRow = typeof payinOrders.$inferSelect;

/**
 * The resolution a payout ruling publishes. The amounts are those of the ruling's ledger transfer
 * (server/payouts/payout-ledger.ts): release moves usdAmount to the trader and the fee to the
 * platform; refund moves the whole frozen amount back to the merchant; split divides it by the
 * resolution_trader_amount on the row.
 */
export function payoutResolutionOf(order: PayoutRow, ruling: 'release' | 'refund' | 'split', reasonCode: RulingReasonCode, note: string): DisputeResolution {
  const zero = '0.00';
  if (ruling === 'release') {
    return { outcome: 'released', traderAmount: fmt2(order.usdAmount), merchantAmount: zero, feeAmount: fmt2(order.usdFeeAmount), reasonCode, note };
  }
  if (ruling === 'split') {
    const legs = payoutSplitLegs(order, order.resolutionTraderAmount ?? '0');
    return { outcome: 'split', traderAmount: fmt2(legs.traderAmount), merchantAmount: fmt2(legs.merchantAmount), feeAmount: fmt2(legs.feeAmount), reasonCode, note };
  }
  return { outcome: 'refunded', traderAmount: zero, merchantAmount: new Dec(frozenAmountOf(order)).toFixed(2), feeAmount: zero, reasonCode, note };
}

/** The resolution of a pay-in split: the legs of its transfer (server/payins/payin-ledger.ts). */
export function payinSplitResolutionOf(order: PayinRow, reasonCode: RulingReasonCode, note: string): PayinDisputeResolution {
  const legs = payinSplitLegs(order, order.resolutionMerchantAmount ?? '0');
  return { outcome: 'split', merchantAmount: fmt6(legs.merchantAmount), traderAmount: fmt6(legs.traderAmount), feeAmount: fmt6(legs.feeAmount), reasonCode, note };
}
