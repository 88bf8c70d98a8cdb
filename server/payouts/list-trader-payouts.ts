import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, payoutOrders, proofImages } from '../../db/schema';
import type { PayoutStatus } from './payout-machine';
import { traderPayoutView } from './trader-payout-view';

/** "Open": the trader still has something to do or to wait for; "closed": the merchant or an operator ended it. */
const traderPayoutGroups = {
  open: ['PENDING_PAYMENT', 'PAYMENT_OVERDUE', 'PAYMENT_SUBMITTED', 'DISPUTED'],
  closed: ['COMPLETED', 'CANCELLED'],
} as const satisfies Record<string, readonly PayoutStatus[]>;

export type TraderPayoutGroup = keyof typeof traderPayoutGroups;

/** The payouts a trader accepted, newest accept first, with the exact total of the group. */
export async function listTraderPayouts(
  db: Executor,
  traderId: string,
  query: { group: TraderPayoutGroup; page: number; pageSize: number },
) {
  const where = and(eq(payoutOrders.traderId, traderId), inArray(payoutOrders.status, [...traderPayoutGroups[query.group]]));
  const proofCount = db
    .select({ n: sql<number>`count(*)::int`.as('n') })
    .from(proofImages)
    .where(eq(proofImages.payoutOrderId, payoutOrders.id));
  // A `card.view` of this trader made under the current accept (release-after-reveal.ts).
  const numberSeen = sql<boolean>`exists (select 1 from ${auditLog} where ${auditLog.targetType} = 'payout'
    and ${auditLog.targetId} = ${payoutOrders.id}::text and ${auditLog.action} = 'card.view'
    and ${auditLog.actorType} = 'trader' and ${auditLog.actorId} = ${payoutOrders.traderId}::text
    and (${auditLog.details}->>'acceptedAt')::timestamptz = ${payoutOrders.acceptedAt})`;
  const [rows, totals] = await Promise.all([
    db
      .select({ order: payoutOrders, proofs: sql<number>`(${proofCount})`, numberSeen })
      .from(payoutOrders)
      .where(where)
      .orderBy(desc(payoutOrders.acceptedAt), desc(payoutOrders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(payoutOrders).where(where),
  ]);
  return {
    items: rows.map((row) => traderPayoutView(row.order, Number(row.proofs), Boolean(row.numberSeen))),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(totals[0]?.total ?? 0),
  };
}
