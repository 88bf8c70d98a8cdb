import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerPostings, ledgerTransfers, payinOrders, payoutOrders, type LedgerOwner } from '../../db/schema';
import { fmt6, isoMs } from '../money/format';

export interface PostingsPage {
  page: number;
  pageSize: number;
}

/**
 * The postings of one owner's accounts, newest first, with the transfer they belong to (kind, memo)
 * and the order number when the transfer moved value for an order. Offset pages with the total.
 */
export async function listOwnerPostings(db: Executor, owner: { type: LedgerOwner; id: string }, page: PostingsPage) {
  const where = and(eq(ledgerAccounts.ownerType, owner.type), eq(ledgerAccounts.ownerId, owner.id));
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: ledgerPostings.id,
        accountKind: ledgerAccounts.kind,
        amount: ledgerPostings.amount,
        createdAt: ledgerPostings.createdAt,
        transferId: ledgerTransfers.id,
        transferKind: ledgerTransfers.kind,
        memo: ledgerTransfers.memo,
        payoutOrderNo: payoutOrders.orderNo,
        payinOrderNo: payinOrders.orderNo,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerPostings.transferId))
      .leftJoin(payoutOrders, eq(payoutOrders.id, ledgerTransfers.orderId))
      .leftJoin(payinOrders, eq(payinOrders.id, ledgerTransfers.orderId))
      .where(where)
      .orderBy(desc(ledgerPostings.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ total: count() })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      account: row.accountKind,
      amount: fmt6(row.amount),
      kind: row.transferKind,
      memo: row.memo,
      orderNo: row.payoutOrderNo ?? row.payinOrderNo ?? null,
      createdAt: isoMs(row.createdAt),
    })),
    page: page.page,
    pageSize: page.pageSize,
    total: Number(totals[0]?.total ?? 0),
  };
}
