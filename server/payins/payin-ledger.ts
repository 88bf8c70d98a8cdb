import type { Tx } from '../../db/client';
import type { payinOrders } from '../../db/schema';
import { accountIds } from '../ledger/account-ids';
import { move, transferOf, type MoveRequest } from '../ledger/move';
import { postTransfer, type TransferRequest } from '../ledger/post-transfer';
import { payinSplitLegs } from '../rulings/split-ruling';
import { Dec } from '../money/decimal';
import type { PayinAction, PayinStatus } from './payin-machine';

type PayinRow = typeof payinOrders.$inferSelect;

function traderOf(order: Pick<PayinRow, 'id' | 'traderId'>): string {
  if (!order.traderId) throw new Error(`pay-in ${order.id} has no trader`);
  return order.traderId;
}

/** When a trader is matched: their assetAmount moves available -> escrow for this buyer. */
export function escrowPayin(tx: Tx, order: PayinRow) {
  return postTransfer(tx, escrowPayinTransfer(order));
}

/** The escrow's transfer, for create_payins, which posts it itself (create-payin.ts). */
export function escrowPayinTransfer(order: Pick<PayinRow, 'id' | 'traderId' | 'assetAmount'>): TransferRequest {
  const traderId = traderOf(order);
  return transferOf({
    id: `payin:${order.id}:escrow`,
    kind: 'payin.escrow',
    orderId: order.id,
    from: accountIds.traderAvailable(traderId),
    to: [{ accountId: accountIds.traderEscrow(traderId), amount: new Dec(order.assetAmount).toFixed(6) }],
  });
}

/**
 * Settled: the escrow pays the merchant assetAmount - fee and the platform the fee
 * (docs/amounts.md, "Pay-in amounts"). The fee never exceeds the amount it is taken from.
 */
function settlePayin(tx: Tx, order: PayinRow) {
  return move(tx, payinSettlement(order));
}

/** The settlement's transfer, for a caller that posts it itself (release-payin.ts). */
export function payinSettlement(order: PayinRow): MoveRequest {
  const traderId = traderOf(order);
  const asset = new Dec(order.assetAmount);
  const fee = Dec.min(new Dec(order.usdFeeAmount), asset);
  return {
    id: `payin:${order.id}:settle`,
    kind: 'payin.settle',
    orderId: order.id,
    from: accountIds.traderEscrow(traderId),
    to: [
      { accountId: accountIds.merchantAvailable(order.merchantId), amount: asset.minus(fee).toFixed(6) },
      { accountId: accountIds.platformFeesFor(order.id), amount: fee.toFixed(6) },
    ],
  };
}

/** Cancelled, expired or failed: the escrow goes back to the trader. */
function returnPayinEscrow(tx: Tx, order: PayinRow) {
  const traderId = traderOf(order);
  return move(tx, {
    id: `payin:${order.id}:return`,
    kind: 'payin.return_escrow',
    orderId: order.id,
    from: accountIds.traderEscrow(traderId),
    to: [{ accountId: accountIds.traderAvailable(traderId), amount: new Dec(order.assetAmount).toFixed(6) }],
  });
}

/**
 * A split ruling: the escrow pays the merchant their share less the pro-rata fee, the platform that
 * fee, and the trader the rest back, in one transfer (docs/ledger.md, "Split rulings"). The share is
 * the resolution_merchant_amount the same transition sets on the row.
 */
function splitPayin(tx: Tx, order: PayinRow) {
  const traderId = traderOf(order);
  if (!order.resolutionMerchantAmount) throw new Error(`pay-in ${order.id} has no split amount`);
  const legs = payinSplitLegs(order, order.resolutionMerchantAmount);
  return move(tx, {
    id: `payin:${order.id}:split`,
    kind: 'payin.split',
    orderId: order.id,
    from: accountIds.traderEscrow(traderId),
    to: [
      { accountId: accountIds.merchantAvailable(order.merchantId), amount: legs.merchantAmount },
      { accountId: accountIds.platformFeesFor(order.id), amount: legs.feeAmount },
      { accountId: accountIds.traderAvailable(traderId), amount: legs.traderAmount },
    ],
  });
}

type Effect = (tx: Tx, order: PayinRow, from: PayinStatus) => Promise<unknown>;

/** Only an order that had a trader matched holds escrow; one still matching has none to return. */
const returnEscrowIfMatched: Effect = async (tx, order, from) => {
  if (from !== 'PENDING_MATCH') await returnPayinEscrow(tx, order);
};

/**
 * The ledger side of each pay-in transition, applied by the transition applier in the same
 * transaction as the state change. Transitions absent here move no value.
 */
export const payinLedgerEffects: Partial<Record<PayinAction, Effect>> = {
  match: (tx, order) => escrowPayin(tx, order),
  settle: (tx, order) => settlePayin(tx, order),
  resolve_complete: (tx, order) => settlePayin(tx, order),
  buyer_cancel: returnEscrowIfMatched,
  merchant_cancel: returnEscrowIfMatched,
  expire: returnEscrowIfMatched,
  // settlement_failed moves nothing: the escrow stays intact for an operator to look into.
  resolve_fail: (tx, order) => returnPayinEscrow(tx, order),
  resolve_split: (tx, order) => splitPayin(tx, order),
};
