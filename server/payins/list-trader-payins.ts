import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders, traderBankAccounts } from '../../db/schema';
import { fmt2, fmt6, fmtRate, isoMs, isoMsOrNull } from '../money/format';
import { payinStates, type PayinStatus } from '../state-machines/payin';
import { payinListView } from './payin-view';

function conditionsFor(traderId: string, statuses: readonly PayinStatus[] | undefined): SQL | undefined {
  const conditions: SQL[] = [eq(payinOrders.traderId, traderId)];
  if (statuses?.length) conditions.push(inArray(payinOrders.status, [...statuses]));
  return and(...conditions);
}

/** The pay-ins matched to one trader, newest first; optionally only some statuses. */
export async function listTraderPayins(db: Executor, traderId: string, options: { statuses?: PayinStatus[]; page: number; pageSize: number }) {
  const rows = await db
    .select()
    .from(payinOrders)
    .where(conditionsFor(traderId, options.statuses))
    .orderBy(desc(payinOrders.createdAt), desc(payinOrders.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { items: rows.map(payinListView), page: options.page, pageSize: options.pageSize };
}

/** "Open": waiting for the buyer, for the trader, or for an operator; "closed": ended. */
export const traderPayinGroups = {
  open: ['PENDING_PAYMENT', 'PAYMENT_SUBMITTED', 'PENDING_RELEASE', 'SETTLING', 'DISPUTED'],
  closed: ['COMPLETED', 'CANCELLED', 'FAILED'],
} as const satisfies Record<string, readonly PayinStatus[]>;

export type TraderPayinGroup = keyof typeof traderPayinGroups;

/**
 * The dashboard's "My pay-ins": the same orders with what the trader needs at a glance (the
 * deadline, which of their accounts receives the money, the reason of a dispute) and the total.
 */
export async function listTraderPayinsForDashboard(
  db: Executor,
  traderId: string,
  query: { group: TraderPayinGroup; page: number; pageSize: number },
) {
  const where = conditionsFor(traderId, traderPayinGroups[query.group]);
  const [rows, totals] = await Promise.all([
    db
      .select({ order: payinOrders, bankName: traderBankAccounts.bankName, accountLast4: traderBankAccounts.accountLast4 })
      .from(payinOrders)
      .leftJoin(traderBankAccounts, eq(traderBankAccounts.id, payinOrders.traderBankAccountId))
      .where(where)
      .orderBy(desc(payinOrders.createdAt), desc(payinOrders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(payinOrders).where(where),
  ]);
  return {
    items: rows.map(({ order, bankName, accountLast4 }) => ({
      orderId: order.id,
      orderNo: order.orderNo,
      status: order.status,
      statusLabel: payinStates[order.status].label,
      fiatAmount: fmt2(order.fiatAmount),
      fiatCurrency: 'CNY' as const,
      assetAmount: fmt6(order.assetAmount),
      fxRate: fmtRate(order.fxRate),
      receivingBank: bankName,
      receivingAccountLast4: accountLast4,
      expiresAt: isoMs(order.expiresAt),
      paymentSubmittedAt: isoMsOrNull(order.paymentSubmittedAt),
      disputeReason: order.disputeReason,
      resolutionNote: order.resolutionNote,
      completedAt: isoMsOrNull(order.completedAt),
      cancelledAt: isoMsOrNull(order.cancelledAt),
      createdAt: isoMs(order.createdAt),
      /** The buyer reported paying: the trader checks their account, then releases or reports. */
      awaitsDecision: order.status === 'PAYMENT_SUBMITTED',
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(totals[0]?.total ?? 0),
  };
}
