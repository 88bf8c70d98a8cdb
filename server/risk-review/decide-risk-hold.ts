import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { payinOrders, payoutOrders, riskHolds } from '../../db/schema';
import { recordAudit } from '../audit';
import { auditActorOf, type OperatorActor } from '../audit/operator-actor';
import { DomainError } from '../errors';
import { applyPayinTransition } from '../payins/apply-payin-transition';
import { matchQueuedPayin } from '../payins/match-queued-payin';
import { payinDetailView } from '../payins/payin-view';
import { applyPayoutTransition } from '../payouts/apply-payout-transition';
import { payoutDetailView } from '../payouts/payout-view';
import { signalPoolChange } from '../payouts/pool-signal';
import { parseInput } from '../validation/parse-input';
import { decideRiskHoldInput, type DecideRiskHoldInput } from './decide-risk-hold.schema';

type Hold = typeof riskHolds.$inferSelect;

type DecideRiskHoldOptions = DecideRiskHoldInput & {
  operator: OperatorActor;
  now?: Date;
};

/**
 * An operator decides on an order a review rule held (docs/risk.md, "Review"), in one transaction
 * with its audit row. Approve: the hold is lifted and the order proceeds (a payout enters the pool,
 * a pay-in is offered to the matcher at once and again on each of the scheduler's ticks). Reject:
 * the order is cancelled through its machine with the reason as the note (a payout's `cancel`,
 * frozen USDT back to the merchant; a pay-in's `merchant_cancel` by the operator, nothing was
 * escrowed). A hold decided already, or whose order left PENDING_MATCH (it expired meanwhile):
 * RISK_HOLD_NOT_PENDING.
 */
export async function decideRiskHold(db: Db, { operator, now = new Date(), ...rawInput }: DecideRiskHoldOptions) {
  const input = parseInput(decideRiskHoldInput, rawInput);
  return retryTransaction(db, async (tx) => {
    const hold = await takeHold(tx, input.holdId, input.decision === 'approve' ? 'approved' : 'rejected', input.reason, operator.id, now);
    const status = input.decision === 'approve' ? await approve(tx, hold, now) : await reject(tx, hold, input.reason, operator.id, now);
    const actor = auditActorOf(operator);
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: `risk_hold.${input.decision}`,
      targetType: hold.flow,
      targetId: hold.orderId,
      details: { holdId: hold.id, ruleId: hold.ruleId, reason: input.reason },
    });
    return { holdId: hold.id, flow: hold.flow, orderId: hold.orderId, state: hold.state, status };
  });
}

/** Moves the hold out of `held` under its row lock: of two decisions at once, the second finds it decided. */
async function takeHold(tx: Tx, holdId: string, state: 'approved' | 'rejected', reason: string, operatorId: string, now: Date): Promise<Hold> {
  const [taken] = await tx
    .update(riskHolds)
    .set({ state, reason, decidedBy: operatorId, decidedAt: now })
    .where(and(eq(riskHolds.id, holdId), eq(riskHolds.state, 'held')))
    .returning();
  if (taken) return taken;
  const [existing] = await tx.select({ state: riskHolds.state }).from(riskHolds).where(eq(riskHolds.id, holdId));
  if (!existing) throw new DomainError('NOT_FOUND', 'No such risk hold.');
  throw new DomainError('RISK_HOLD_NOT_PENDING', `This hold was already ${existing.state}.`, { meta: { state: existing.state } });
}

async function approve(tx: Tx, hold: Hold, now: Date): Promise<string> {
  if (hold.flow === 'payout') {
    const status = await openStatus(tx, hold);
    // Scored dispatch offers it ring by ring from now, as if it had just entered the pool (docs/routing.md).
    await tx.update(payoutOrders).set({ offeredSince: now }).where(eq(payoutOrders.id, hold.orderId));
    await signalPoolChange(tx);
    return status;
  }
  await openStatus(tx, hold);
  return (await matchQueuedPayin(tx, { orderId: hold.orderId, now })) ? 'PENDING_PAYMENT' : 'PENDING_MATCH';
}

async function reject(tx: Tx, hold: Hold, reason: string, operatorId: string, now: Date): Promise<string> {
  const transition = {
    orderId: hold.orderId,
    actor: { type: 'operator' as const, id: operatorId },
    now,
    note: reason,
    set: () => ({ cancelledAt: now }),
  };
  try {
    if (hold.flow === 'payout') return (await applyPayoutTransition(tx, { ...transition, action: 'cancel', eventData: payoutDetailView })).to;
    return (await applyPayinTransition(tx, { ...transition, action: 'merchant_cancel', eventData: payinDetailView })).to;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INVALID_ORDER_STATE') throw orderMoved(error.meta?.status ?? 'unknown');
    throw error;
  }
}

/** The held order's status, which must still be PENDING_MATCH (a held order moves only by expiring). */
async function openStatus(tx: Tx, hold: Hold): Promise<string> {
  const table = hold.flow === 'payout' ? payoutOrders : payinOrders;
  const [order] = await tx.select({ status: table.status }).from(table).where(eq(table.id, hold.orderId)).for('update');
  if (order?.status !== 'PENDING_MATCH') throw orderMoved(order?.status ?? 'unknown');
  return order.status;
}

function orderMoved(status: string): DomainError {
  return new DomainError('RISK_HOLD_NOT_PENDING', `The held order is ${status} now: there is nothing to decide.`, { meta: { state: 'held', status } });
}
