import type { Tx } from '../../db/client';
import type { payoutOrders } from '../../db/schema';
import { accountIds } from '../ledger/account-ids';
import { move, type MoveRequest } from '../ledger/move';
import { payoutSplitLegs } from '../rulings/split-ruling';
import { Dec } from '../money/decimal';
import type { PayoutAction } from './payout-machine';

type PayoutRow = typeof payoutOrders.$inferSelect;

/** What a payout holds frozen: the amount paid out plus the fee (docs/amounts.md, "Payout amounts"). */
export function frozenAmountOf(order: Pick<PayoutRow, 'usdAmount' | 'usdFeeAmount'>): string {
  return new Dec(order.usdAmount).plus(order.usdFeeAmount).toFixed(6);
}

/** At creation (the order is new in this transaction): merchant available -> merchant frozen. INSUFFICIENT_BALANCE when it does not fit. */
export function freezePayout(tx: Tx, order: PayoutRow) {
  return move(tx, payoutFreeze(order));
}

/** The freeze as a move: its id is the transfer's idempotency key, one per order. */
export function payoutFreeze(order: Pick<PayoutRow, 'id' | 'merchantId' | 'usdAmount' | 'usdFeeAmount'>): MoveRequest {
  return {
    id: `payout:${order.id}:freeze`,
    kind: 'payout.freeze',
    orderId: order.id,
    from: accountIds.merchantAvailable(order.merchantId),
    to: [{ accountId: accountIds.merchantFrozen(order.merchantId), amount: frozenAmountOf(order) }],
  };
}

/** Confirmed (or released by an operator): frozen -> the trader's usdAmount and the platform's fee. */
function releasePayout(tx: Tx, order: PayoutRow) {
  if (!order.traderId) throw new Error(`payout ${order.id} has no trader to release to`);
  return move(tx, {
    id: `payout:${order.id}:release`,
    kind: 'payout.release',
    orderId: order.id,
    from: accountIds.merchantFrozen(order.merchantId),
    to: [
      { accountId: accountIds.traderAvailable(order.traderId), amount: new Dec(order.usdAmount).toFixed(6) },
      { accountId: accountIds.platformFeesFor(order.id), amount: new Dec(order.usdFeeAmount).toFixed(6) },
    ],
  });
}

/** Cancelled or refunded by an operator: frozen -> back to the merchant's available balance. */
function unfreezePayout(tx: Tx, order: PayoutRow) {
  return move(tx, {
    id: `payout:${order.id}:unfreeze`,
    kind: 'payout.unfreeze',
    orderId: order.id,
    from: accountIds.merchantFrozen(order.merchantId),
    to: [{ accountId: accountIds.merchantAvailable(order.merchantId), amount: frozenAmountOf(order) }],
  });
}

/**
 * A split ruling: frozen -> part to the trader, the pro-rata fee to the platform and the rest back
 * to the merchant, in one transfer (docs/ledger.md, "Split rulings"). The trader's part is the
 * resolution_trader_amount the same transition sets on the row.
 */
function splitPayout(tx: Tx, order: PayoutRow) {
  if (!order.traderId) throw new Error(`payout ${order.id} has no trader to pay`);
  if (!order.resolutionTraderAmount) throw new Error(`payout ${order.id} has no split amount`);
  const legs = payoutSplitLegs(order, order.resolutionTraderAmount);
  return move(tx, {
    id: `payout:${order.id}:split`,
    kind: 'payout.split',
    orderId: order.id,
    from: accountIds.merchantFrozen(order.merchantId),
    to: [
      { accountId: accountIds.traderAvailable(order.traderId), amount: legs.traderAmount },
      { accountId: accountIds.platformFeesFor(order.id), amount: legs.feeAmount },
      { accountId: accountIds.merchantAvailable(order.merchantId), amount: legs.merchantAmount },
    ],
  });
}

/**
 * The ledger side of each payout transition, applied by the transition applier in the same
 * transaction as the state change. Transitions absent here move no value.
 */
export const payoutLedgerEffects: Partial<Record<PayoutAction, (tx: Tx, order: PayoutRow) => Promise<unknown>>> = {
  confirm: releasePayout,
  resolve_release: releasePayout,
  resolve_refund: unfreezePayout,
  resolve_split: splitPayout,
  cancel: unfreezePayout,
  merchant_cancel: unfreezePayout,
};
