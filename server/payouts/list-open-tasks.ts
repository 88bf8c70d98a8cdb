import { and, desc, eq, exists, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutOrders, traderQuotes } from '../../db/schema';
import { fmt2, isoMs } from '../money/format';
import { notHeld } from '../risk/held-order-filter';

/**
 * The payout pool as one trader sees it: PENDING_MATCH payouts whose CNY amount fits one of the
 * trader's active BUY quotes and no risk rule holds (docs/risk.md, "Review"), newest first. No recipient details until the trader accepts.
 */
export async function listOpenTasks(db: Executor, traderId: string, page = { page: 1, pageSize: 20 }) {
  const fits = exists(
    db
      .select({ one: sql`1` })
      .from(traderQuotes)
      .where(
        and(
          eq(traderQuotes.traderId, traderId),
          eq(traderQuotes.side, 'BUY'),
          eq(traderQuotes.active, true),
          lte(traderQuotes.minFiat, payoutOrders.lockedFiatAmount),
          gte(traderQuotes.maxFiat, payoutOrders.lockedFiatAmount),
        ),
      ),
  );
  const rows = await db
    .select()
    .from(payoutOrders)
    .where(and(eq(payoutOrders.status, 'PENDING_MATCH'), fits, notHeld(db, 'payout', payoutOrders.id)))
    .orderBy(desc(payoutOrders.createdAt), desc(payoutOrders.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return {
    items: rows.map((order) => ({
      orderId: order.id,
      orderNo: order.orderNo,
      fiatAmount: fmt2(order.lockedFiatAmount),
      fiatCurrency: 'CNY' as const,
      usdAmount: fmt2(order.usdAmount),
      fxRate: order.fxRate,
      bankName: order.recipientBankName,
      createdAt: isoMs(order.createdAt),
      matchDueAt: isoMs(order.matchDueAt),
    })),
    page: page.page,
    pageSize: page.pageSize,
  };
}
