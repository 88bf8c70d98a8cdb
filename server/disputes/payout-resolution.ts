import type { payoutOrders } from '../../db/schema';
import { Dec } from '../money/decimal';
import { fmt2 } from '../money/format';
import { frozenAmountOf } from '../payouts/payout-ledger';
import type { DisputeResolution } from './dispute-resolution.schema';

type PayoutRow = typeof payoutOrders.$inferSelect;

/**
 * The resolution a payout ruling publishes. The amounts are those of the ruling's ledger transfer
 * (server/payouts/payout-ledger.ts): release moves usdAmount to the trader and the fee to the
 * platform; refund moves the whole frozen amount back to the merchant.
 */
export function payoutResolutionOf(order: PayoutRow, ruling: 'release' | 'refund', note: string): DisputeResolution {
  const zero = '0.00';
  if (ruling === 'release') {
    return { outcome: 'released', traderAmount: fmt2(order.usdAmount), merchantAmount: zero, feeAmount: fmt2(order.usdFeeAmount), note };
  }
  return { outcome: 'refunded', traderAmount: zero, merchantAmount: new Dec(frozenAmountOf(order)).toFixed(2), feeAmount: zero, note };
}
