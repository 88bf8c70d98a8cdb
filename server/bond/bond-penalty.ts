import type { Tx } from '../../db/client';
import { recordAudit, type AuditActorRef } from '../audit';
import { accountIds } from '../ledger/account-ids';
import { balanceOf } from '../ledger/balances';
import { move } from '../ledger/move';
import { Dec } from '../money/decimal';
import type { RulingReasonCode } from '../rulings/ruling-reasons';
import { lockTraderForExposure } from './trader-exposure';

interface PenaltyRule {
  /** The share of the order's USDT taken from the trader's bond (never more than the bond holds). */
  share: string;
  /** Who receives it: the merchant the trader wronged, or the platform. */
  to: 'merchant' | 'platform';
}

type RulingKey = `payout:${'release' | 'refund' | 'split'}` | `payin:${'complete' | 'fail' | 'split'}`;

/**
 * The penalty table (docs/operator-guide.md, "Bond penalties"), Bisq's habit: a ruling against the
 * trader for a reason that is its fault costs part of its bond. Keyed by the ruling and its reason
 * code; a ruling or code not listed takes nothing. A payout refunded means the trader did not pay
 * the recipient it took the task for; a pay-in completed by ruling means the trader withheld a
 * release the buyer had paid for.
 */
const bondPenaltyTable: Partial<Record<RulingKey, Partial<Record<RulingReasonCode, PenaltyRule>>>> = {
  'payout:refund': {
    proof_invalid: { share: '0.10', to: 'merchant' },
    duplicate_payment: { share: '0.10', to: 'merchant' },
    fraud_suspected: { share: '0.20', to: 'merchant' },
    wrong_recipient: { share: '0.05', to: 'merchant' },
    wrong_amount_paid: { share: '0.05', to: 'merchant' },
    auto_trader_unresponsive: { share: '0.02', to: 'platform' },
  },
  'payin:complete': {
    proof_valid: { share: '0.05', to: 'merchant' },
    auto_bank_notification_matched: { share: '0.05', to: 'merchant' },
    fraud_suspected: { share: '0.20', to: 'merchant' },
  },
};

export interface BondPenaltyInput {
  flow: 'payout' | 'payin';
  ruling: string;
  reasonCode: RulingReasonCode;
  orderId: string;
  traderId: string | null;
  merchantId: string;
  /** The order's USDT: a payout's usdAmount, a pay-in's assetAmount. */
  orderAmount: string;
}

/**
 * Takes the table's penalty from the trader's bond inside the ruling's transaction: one transfer
 * `<flow>:<orderId>:bond_penalty` from the bond to the merchant's available balance or the order's
 * fee stripe, and an audit row. At most what the bond holds (under the trader's row lock, so a
 * bond move cannot race it); nothing when the table lists no penalty or the bond is empty.
 * Returns what was taken, or null.
 */
export async function takeBondPenalty(tx: Tx, input: BondPenaltyInput, actor: AuditActorRef): Promise<{ amount: string; to: 'merchant' | 'platform' } | null> {
  const rule = bondPenaltyTable[`${input.flow}:${input.ruling}` as RulingKey]?.[input.reasonCode];
  if (!rule || !input.traderId) return null;
  await lockTraderForExposure(tx, input.traderId);
  const bond = new Dec(await balanceOf(tx, accountIds.traderBond(input.traderId)));
  const amount = Dec.min(bond, new Dec(input.orderAmount).times(rule.share).toDecimalPlaces(6, Dec.ROUND_DOWN));
  if (amount.lte(0)) return null;
  const to = rule.to === 'merchant' ? accountIds.merchantAvailable(input.merchantId) : accountIds.platformFeesFor(input.orderId);
  const transferId = `${input.flow}:${input.orderId}:bond_penalty`;
  await move(tx, { id: transferId, kind: 'bond.penalty', orderId: input.orderId, from: accountIds.traderBond(input.traderId), to: [{ accountId: to, amount: amount.toFixed(6) }] });
  await recordAudit(tx, {
    actorType: actor.type,
    actorId: actor.id,
    ip: actor.ip,
    action: 'trader.bond_penalty',
    targetType: 'trader',
    targetId: input.traderId,
    details: { orderId: input.orderId, flow: input.flow, ruling: input.ruling, reasonCode: input.reasonCode, amount: amount.toFixed(6), to: rule.to, transferId },
  });
  return { amount: amount.toFixed(6), to: rule.to };
}
