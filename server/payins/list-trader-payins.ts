import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bankNotifications, payinOrders, traderBankAccounts } from '../../db/schema';
import { payinStatuses } from '../../db/schema/order-statuses';
import { onPageByStatus, type OrdersByStatusIndex } from '../listing/on-page-by-status';
import { keyring } from '../config/keyring';
import { payinRulingOf } from './payin-ruling';
import { decryptField } from '../crypto/encryption';
import { fmt2, fmt6, fmtRate, isoMs, isoMsOrNull } from '../money/format';
import { payinStates, type PayinStatus } from './payin-machine';
import { payinListView } from './payin-view';

function conditionsFor(traderId: string, statuses: readonly PayinStatus[] | undefined): SQL | undefined {
  const conditions: SQL[] = [eq(payinOrders.traderId, traderId)];
  if (statuses?.length) conditions.push(inArray(payinOrders.status, [...statuses]));
  return and(...conditions);
}

const byTrader: OrdersByStatusIndex = { table: payinOrders, id: payinOrders.id, owner: payinOrders.traderId, status: payinOrders.status, at: payinOrders.createdAt };

/** The condition for one page of the trader's pay-ins in `statuses` (the caller sorts them newest first). */
const pageOf = (db: Executor, traderId: string, statuses: readonly [PayinStatus, ...PayinStatus[]], page: { page: number; pageSize: number }) =>
  and(onPageByStatus(db, byTrader, { owner: traderId, statuses, page: page.page, pageSize: page.pageSize }), conditionsFor(traderId, statuses));

/** The pay-ins matched to one trader, newest first; optionally only some statuses. */
export async function listTraderPayins(db: Executor, traderId: string, options: { statuses?: PayinStatus[]; page: number; pageSize: number }) {
  const statuses = options.statuses?.length ? (options.statuses as [PayinStatus, ...PayinStatus[]]) : payinStatuses;
  const rows = await db.select().from(payinOrders).where(pageOf(db, traderId, statuses, options)).orderBy(desc(payinOrders.createdAt), desc(payinOrders.id));
  // A bot checks a credit against the amount the buyer was told to pay and the memo's reference.
  const items = rows.map((order) => ({ ...payinListView(order), expectedFiatAmount: fmt2(order.paymentFiatAmount ?? order.fiatAmount), buyerReference: order.buyerReference }));
  return { items, page: options.page, pageSize: options.pageSize };
}

/** "Open": waiting for the buyer, for the trader, or for an operator; "closed": ended. */
const traderPayinGroups = {
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
  const statuses = traderPayinGroups[query.group];
  const [rows, totals] = await Promise.all([
    db
      .select({ order: payinOrders, bankName: traderBankAccounts.bankName, accountLast4: traderBankAccounts.accountLast4 })
      .from(payinOrders)
      .leftJoin(traderBankAccounts, eq(traderBankAccounts.id, payinOrders.traderBankAccountId))
      .where(pageOf(db, traderId, statuses, query))
      .orderBy(desc(payinOrders.createdAt), desc(payinOrders.id)),
    db.select({ total: count() }).from(payinOrders).where(conditionsFor(traderId, statuses)),
  ]);
  const evidence = await matchEvidence(db, traderId, rows.map(({ order }) => order.id));
  return {
    items: rows.map(({ order, bankName, accountLast4 }) => ({
      orderId: order.id,
      orderNo: order.orderNo,
      status: order.status,
      statusLabel: payinStates[order.status].label,
      fiatAmount: fmt2(order.fiatAmount),
      fiatCurrency: 'CNY' as const,
      // What arrives on the account: the CNY amount plus its cent offset, if any.
      paymentAmount: fmt2(order.paymentFiatAmount ?? order.fiatAmount),
      buyerReference: order.buyerReference,
      // Shown to this pay-in's trader only (docs/security.md).
      payerName: order.payerName ? decryptField(keyring(), 'card', order.payerName, { table: 'payin_orders', id: order.id, field: 'payer_name' }) : null,
      // The bank notification that released it or is suggested for it, if any.
      notification: evidence.get(order.id) ?? null,
      assetAmount: fmt6(order.assetAmount),
      fxRate: fmtRate(order.fxRate),
      receivingBank: bankName,
      receivingAccountLast4: accountLast4,
      expiresAt: isoMs(order.expiresAt),
      paymentSubmittedAt: isoMsOrNull(order.paymentSubmittedAt),
      disputeReason: order.disputeReason,
      resolutionNote: order.resolutionNote,
      // What an operator's ruling returned to the trader and credited to the merchant; null before one.
      ruling: payinRulingOf(order),
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

/** Per order, the notification that released it (or, failing that, the latest suggesting it). */
async function matchEvidence(db: Executor, traderId: string, orderIds: string[]) {
  const byOrder = new Map<string, { id: string; matchStatus: string; score: number | null; receivedAt: string }>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ id: bankNotifications.id, orderId: bankNotifications.payinOrderId, matchStatus: bankNotifications.matchStatus, score: bankNotifications.score, receivedAt: bankNotifications.receivedAt })
    .from(bankNotifications)
    .where(and(eq(bankNotifications.traderId, traderId), inArray(bankNotifications.payinOrderId, orderIds), inArray(bankNotifications.matchStatus, ['released', 'confirmed', 'suggested'])))
    .orderBy(desc(bankNotifications.createdAt));
  for (const row of rows) {
    const current = byOrder.get(row.orderId as string);
    if (current && current.matchStatus !== 'suggested') continue;
    if (current && row.matchStatus === 'suggested') continue;
    byOrder.set(row.orderId as string, { id: row.id, matchStatus: row.matchStatus, score: row.score, receivedAt: isoMs(row.receivedAt) });
  }
  return byOrder;
}
