import type { Db, Tx } from '../../db/client';
import { isDomainError } from '../errors';
import { applyPayinTransition } from './apply-payin-transition';
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
 */
export async function releasePayinWithin(tx: Tx, input: { traderId: string; orderId: string; note?: string }, now: Date) {
  const base = { orderId: input.orderId, now, eventData: payinDetailView };
  await applyPayinTransition(tx, {
    ...base,
    action: 'confirm_receipt',
    actor: { type: 'trader', id: input.traderId },
    scope: { traderId: input.traderId },
    note: input.note ?? null,
  });
  await applyPayinTransition(tx, { ...base, action: 'begin_settlement', actor: { type: 'system' } });
  try {
    return await tx.transaction((savepoint) =>
      applyPayinTransition(savepoint, { ...base, action: 'settle', actor: { type: 'system' }, set: () => ({ completedAt: now }) }),
    );
  } catch (error) {
    if (!isDomainError(error, 'INSUFFICIENT_BALANCE') && !isDomainError(error, 'ACCOUNT_NOT_FOUND')) throw error;
    return applyPayinTransition(tx, { ...base, action: 'settlement_failed', actor: { type: 'system' }, note: error.message });
  }
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
