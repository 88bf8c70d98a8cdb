import type { Db, Tx } from '../../db/client';
import { DomainError } from '../errors';
import { transferOf } from '../ledger/move';
import { tryPostTransfer } from '../ledger/post-transfer';
import { lockOrder, planChain, writeChain, type ChainStep } from '../orders/apply-transition';
import { applyPayinTransition, payinFlow, type PayinRow } from './apply-payin-transition';
import { payinSettlement } from './payin-ledger';
import type { PayinAction } from './payin-machine';
import { payinDetailView } from './payin-view';
import { retryTransaction } from '../../db/retry-transaction';

/**
 * The trader confirms the CNY arrived and releases the USDT: PAYMENT_SUBMITTED -> PENDING_RELEASE
 * -> SETTLING -> COMPLETED in one transaction, with the settlement transfer (escrow -> merchant
 * minus fee, fee -> platform) and order.completed. If the settlement cannot post, the order ends
 * FAILED with the escrow intact and order.failed, for an operator to look into.
 */
export async function releasePayin(db: Db, input: { traderId: string; orderId: string }, now = new Date()) {
  return retryTransaction(db, (tx) => releasePayinWithin(tx, input, now));
}

/**
 * The release in the caller's transaction: the trader's click, or the trader's own rule acting on
 * a bank notification (server/notifications), whose `note` puts the evidence in the timeline.
 *
 * The row is locked once and the chain of transitions planned in memory (server/orders,
 * planChain): PENDING_RELEASE and SETTLING are passed through, never stored as a resting state
 * (docs/state-machines.md, "Observable states"). The settlement is tried in one statement
 * (tryPostTransfer); then the final state, the timeline rows of every step and the event go in one
 * round trip: 8 statements with BEGIN and COMMIT (docs/performance.md, "Statements per operation").
 */
export async function releasePayinWithin(tx: Tx, input: { traderId: string; orderId: string; note?: string }, now: Date) {
  const current = await lockOrder<PayinRow>(tx, payinFlow, { orderId: input.orderId, scope: { traderId: input.traderId } });
  const toSettling: ChainStep<PayinRow, PayinAction>[] = [
    { action: 'confirm_receipt', actor: { type: 'trader', id: input.traderId }, note: input.note ?? null },
    { action: 'begin_settlement', actor: { type: 'system' } },
  ];
  const settled = planChain(
    payinFlow,
    current,
    [...toSettling, { action: 'settle', actor: { type: 'system' }, set: () => ({ completedAt: now }), ledgerPosted: true }],
    now,
    payinDetailView,
  );
  const posted = await tryPostTransfer(tx, transferOf(payinSettlement(settled.planned)));
  if (!(posted instanceof DomainError)) return writeChain(tx, payinFlow, settled);
  const failed = [...toSettling, { action: 'settlement_failed' as const, actor: { type: 'system' as const }, note: posted.message }];
  return writeChain(tx, payinFlow, planChain(payinFlow, current, failed, now, payinDetailView));
}

/** The trader says the money never arrived: PAYMENT_SUBMITTED -> DISPUTED with their reason. */
export async function reportNotReceived(db: Db, input: { traderId: string; orderId: string; reason: string }, now = new Date()) {
  return retryTransaction(db, (tx) =>
    applyPayinTransition(tx, {
      orderId: input.orderId,
      action: 'dispute',
      actor: { type: 'trader', id: input.traderId },
      scope: { traderId: input.traderId },
      now,
      context: { reason: input.reason },
      note: input.reason,
      set: () => ({ disputeReason: input.reason.trim(), disputedAt: now }),
      eventData: payinDetailView,
    }),
  );
}
