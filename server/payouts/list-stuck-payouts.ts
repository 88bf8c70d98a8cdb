import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants, payoutOrders, traders } from '../../db/schema';
import { fmt2, isoMs, isoMsOrNull } from '../money/format';

/**
 * Payouts that need an operator: PAYMENT_OVERDUE ones (the trader did not pay in time) and
 * PENDING_MATCH ones no trader took: older than `unmatchedAfterMinutes` when given, else past
 * their match window (matchDueAt). Oldest first. An overdue one says why its trader had it: the
 * rank, ring and score of scored dispatch (docs/routing.md, "Payout dispatch").
 */
export async function listStuckPayouts(
  db: Executor,
  options: { unmatchedAfterMinutes?: number; page?: number; pageSize?: number } = {},
  now = new Date(),
) {
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? 50;
  const unmatched =
    options.unmatchedAfterMinutes === undefined
      ? lt(payoutOrders.matchDueAt, now)
      : lt(payoutOrders.createdAt, new Date(now.getTime() - options.unmatchedAfterMinutes * 60_000));
  const where = or(eq(payoutOrders.status, 'PAYMENT_OVERDUE'), and(eq(payoutOrders.status, 'PENDING_MATCH'), unmatched));
  const rows = await db
    .select({ order: payoutOrders, merchantName: merchants.name, traderName: traders.name })
    .from(payoutOrders)
    .innerJoin(merchants, eq(merchants.id, payoutOrders.merchantId))
    .leftJoin(traders, eq(traders.id, payoutOrders.traderId))
    .where(where)
    .orderBy(asc(payoutOrders.createdAt), asc(payoutOrders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db.select({ total: sql<string>`count(*)` }).from(payoutOrders).where(where);
  return {
    items: rows.map(({ order, merchantName, traderName }) => ({
      orderId: order.id,
      orderNo: order.orderNo,
      status: order.status,
      merchantName,
      traderName,
      fiatAmount: fmt2(order.lockedFiatAmount),
      usdAmount: fmt2(order.usdAmount),
      createdAt: isoMs(order.createdAt),
      matchDueAt: isoMs(order.matchDueAt),
      paymentDueAt: isoMsOrNull(order.paymentDueAt),
      ageSeconds: Math.max(0, Math.floor((now.getTime() - order.createdAt.getTime()) / 1000)),
      dispatch: dispatchSummary(order.dispatch),
    })),
    total: Number(count?.total ?? 0),
    page,
    pageSize,
  };
}

/** Why the trader holding an overdue payout had it (null: not accepted, or not under scored dispatch). */
function dispatchSummary(dispatch: Record<string, unknown> | null): { rank: number; eligible: number; ring: number | null; score: number | null } | null {
  if (!dispatch || dispatch.mode !== 'scored' || typeof dispatch.rank !== 'number') return null;
  const score = (dispatch.score as { score?: unknown } | null)?.score;
  return {
    rank: dispatch.rank,
    eligible: typeof dispatch.eligible === 'number' ? dispatch.eligible : 0,
    ring: typeof dispatch.ring === 'number' ? dispatch.ring : null,
    score: typeof score === 'number' ? score : null,
  };
}
