import { and, desc, eq, exists, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payoutOrders, traderQuotes } from '../../db/schema';
import { fmt2, isoMs } from '../money/format';
import { nextOfferInSeconds, payoutOffers } from '../routing/payout-offers';
import { routingSettings } from '../routing/routing-settings';
import { notHeld } from '../risk/held-order-filter';

interface ListOpenTasksOptions {
  traderId: string;
  page?: { page: number; pageSize: number; };
  now?: Date;
}

/**
 * The payout pool as one trader sees it: PENDING_MATCH payouts whose CNY amount fits one of the
 * trader's active BUY quotes and no risk rule holds (docs/risk.md, "Review"), newest first. No
 * recipient details until the trader accepts. Under scored dispatch (docs/routing.md, "Payout
 * dispatch") only the tasks offered to this trader so far, and `nextOfferAt`: when a fitting task
 * not yet offered will be (null: none waits), so a page looks again then.
 */
export async function listOpenTasks(db: Executor, { traderId, page = { page: 1, pageSize: 20 }, now = new Date() }: ListOpenTasksOptions) {
  const { value: settings } = await routingSettings(db);
  if (settings.payouts.mode === 'scored') {
    const input = { traderId, now, windowMinutes: settings.windowMinutes, dispatch: settings.payouts };
    const [offers, nextIn] = await Promise.all([payoutOffers(db, { ...input, page }), nextOfferInSeconds(db, input)]);
    return {
      items: offers.map((order) => ({
        orderId: order.orderId,
        orderNo: order.orderNo,
        fiatAmount: fmt2(order.lockedFiatAmount),
        fiatCurrency: 'CNY' as const,
        usdAmount: fmt2(order.usdAmount),
        fxRate: order.fxRate,
        bankName: order.bankName,
        createdAt: isoMs(order.createdAt),
        matchDueAt: isoMs(order.matchDueAt),
      })),
      page: page.page,
      pageSize: page.pageSize,
      nextOfferAt: nextIn === null ? null : isoMs(new Date(now.getTime() + nextIn * 1000)),
    };
  }
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
    nextOfferAt: null,
  };
}
