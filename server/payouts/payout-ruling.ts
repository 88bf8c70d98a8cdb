import type { payoutOrders } from '../../db/schema';
import { Dec } from '../money/decimal';
import { fmt2 } from '../money/format';
import { frozenAmountOf } from './payout-ledger';
import type { DisputeResolution } from '../rulings/resolution.schema';
import type { RulingReasonCode } from '../rulings/ruling-reasons';
import { payoutSplitLegs } from '../rulings/split-ruling';

type PayoutRow = typeof payoutOrders.$inferSelect;

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

/**
 * What an operator's ruling did to a payout, read back from the order (its status and the
 * resolution_* columns only a ruling writes, server/disputes/apply-ruling.ts): the same amounts as
 * the ruling's ledger transfer and its payout.dispute_resolved event, USDT to the cent. Null when no
 * operator ruled on it.
 */
export function payoutRulingOf(order: PayoutRow) {
  if (order.resolutionNote === null) return null;
  const ruling = order.status === 'CANCELLED' ? 'refund' : order.resolutionTraderAmount !== null ? 'split' : 'release';
  const { outcome, traderAmount, merchantAmount, feeAmount } = payoutResolutionOf(order, ruling, (order.resolutionCode ?? 'other') as RulingReasonCode, order.resolutionNote);
  return { outcome, traderAmount, merchantAmount, feeAmount, reasonCode: order.resolutionCode, note: order.resolutionNote };
}

export type PayoutRuling = NonNullable<ReturnType<typeof payoutRulingOf>>;
