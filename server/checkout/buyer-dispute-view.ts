import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderTransitions, type payinOrders } from '../../db/schema';
import { disputeKindOf, disputeSlas } from '../disputes/dispute-sla';
import { isoMs } from '../money/format';

type PayinRow = typeof payinOrders.$inferSelect;

/**
 * What the buyer's disputed screen says about the case: who opened it, their own words back when it
 * was their report (a trader's reason is written for operators and is not shown), and when to expect
 * an answer, from the due-by times of docs/operator-guide.md ("Due-by times"): an operator takes the
 * case up by `takenUpBy` and rules by `decidedBy`. Null unless the pay-in is DISPUTED.
 */
export async function buyerDisputeOf(db: Executor, order: PayinRow) {
  if (order.status !== 'DISPUTED') return null;
  const [opening] = await db
    .select({ actorType: orderTransitions.actorType, createdAt: orderTransitions.createdAt })
    .from(orderTransitions)
    .where(and(eq(orderTransitions.flow, 'payin'), eq(orderTransitions.orderId, order.id), eq(orderTransitions.toStatus, 'DISPUTED')))
    .orderBy(desc(orderTransitions.id))
    .limit(1);
  const openedBy = opening?.actorType === 'buyer' ? ('buyer' as const) : ('trader' as const);
  const disputedAt = order.disputedAt ?? opening?.createdAt ?? order.updatedAt;
  const sla = disputeSlas[disputeKindOf('payin', openedBy)];
  const after = (hours: number) => isoMs(new Date(disputedAt.getTime() + hours * 3_600_000));
  return {
    openedBy,
    reportedAt: isoMs(disputedAt),
    report: openedBy === 'buyer' ? order.disputeReason : null,
    reportKind: openedBy === 'buyer' ? order.buyerReportKind : null,
    takenUp: order.claimedBy !== null,
    takenUpBy: after(sla.firstResponseHours),
    decidedBy: after(sla.rulingHours),
    firstResponseHours: sla.firstResponseHours,
    rulingHours: sla.rulingHours,
  };
}
