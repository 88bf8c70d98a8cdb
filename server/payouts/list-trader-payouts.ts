import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, payoutOrders, proofImages } from '../../db/schema';
import { onPageByStatus, type OrdersByStatusIndex } from '../listing/on-page-by-status';
import type { PayoutStatus } from './payout-machine';
import { traderPayoutView } from './trader-payout-view';

/** "Open": the trader still has something to do or to wait for; "closed": the merchant or an operator ended it. */
const traderPayoutGroups = {
  open: ['PENDING_PAYMENT', 'PAYMENT_OVERDUE', 'PAYMENT_SUBMITTED', 'DISPUTED'],
  closed: ['COMPLETED', 'CANCELLED'],
} as const satisfies Record<string, readonly PayoutStatus[]>;

export type TraderPayoutGroup = keyof typeof traderPayoutGroups;

const byTrader: OrdersByStatusIndex = { table: payoutOrders, id: payoutOrders.id, owner: payoutOrders.traderId, status: payoutOrders.status, at: payoutOrders.acceptedAt };

/** The payouts a trader accepted, newest accept first, with the exact total of the group. */
export async function listTraderPayouts(
  db: Executor,
  traderId: string,
  query: { group: TraderPayoutGroup; page: number; pageSize: number },
) {
  const statuses = traderPayoutGroups[query.group];
  const proofCount = db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(proofImages)
    .where(eq(proofImages.payoutOrderId, payoutOrders.id));
  // A `card.view` of this trader made under the current accept (release-after-reveal.ts).
  const numberSeen = sql<boolean>`exists (select 1 from ${auditLog} where ${auditLog.targetType} = 'payout'
    and ${auditLog.targetId} = ${payoutOrders.id}::text and ${auditLog.action} = 'card.view'
    and ${auditLog.actorType} = 'trader' and ${auditLog.actorId} = ${payoutOrders.traderId}::text
    and (${auditLog.details}->>'acceptedAt')::timestamptz = ${payoutOrders.acceptedAt})`;
  const group = and(eq(payoutOrders.traderId, traderId), inArray(payoutOrders.status, [...statuses]));
  const onPage = onPageByStatus(db, byTrader, { owner: traderId, statuses, page: query.page, pageSize: query.pageSize });
  const [rows, totals] = await Promise.all([
    db
      .select({ order: payoutOrders, proofs: sql<number>`(${proofCount})`, numberSeen })
      .from(payoutOrders)
      .where(and(onPage, group))
      .orderBy(desc(payoutOrders.acceptedAt), desc(payoutOrders.id)),
    db.select({ total: count() }).from(payoutOrders).where(group),
  ]);
  return {
    items: rows.map((row) => traderPayoutView(row.order, Number(row.proofs), Boolean(row.numberSeen))),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(totals[0]?.total ?? 0),
  };
}
