import { and, desc, eq } from 'drizzle-orm';
import { unionAll, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';

/**
 * An orders table and the columns of an (owner, status, at desc, id desc) index on it: a trader's
 * (trader_id) or a merchant's (merchant_id).
 */
export interface OrdersByStatusIndex {
  table: PgTable;
  id: AnyPgColumn;
  owner: AnyPgColumn;
  status: AnyPgColumn;
  /** What the list sorts by, newest first: created_at, or accepted_at for a trader's payouts. */
  at: AnyPgColumn;
}

/**
 * The ids of one page of an owner's orders in `statuses`, newest first (then by id). Each status's
 * newest rows are read in order from the index, at most the page's end of them, and merged: a page
 * costs its place in the list, not the owner's history. Filtered by an IN list over the statuses
 * instead, PostgreSQL read every matching row and sorted them all for each page (docs/performance.md,
 * "A trader's list sorted their history"). The merchants' payout list merges the same way in one
 * statement, with its view's columns rather than ids (server/payouts/list-payouts.ts).
 */
export async function pageIdsByStatus(
  db: Executor,
  index: OrdersByStatusIndex,
  query: { owner: string; statuses: readonly string[]; page: number; pageSize: number },
): Promise<string[]> {
  const { owner, statuses, pageSize } = query;
  const offset = (query.page - 1) * pageSize;
  const newest = (status: string, limit: number) =>
    db
      .select({ id: index.id, at: index.at })
      .from(index.table)
      .where(and(eq(index.owner, owner), eq(index.status, status)))
      .orderBy(desc(index.at), desc(index.id))
      .limit(limit);
  const [first, second, ...rest] = statuses;
  if (first === undefined) return [];
  if (second === undefined) {
    return (await newest(first, pageSize).offset(offset)).map((row) => row.id as string);
  }
  const end = offset + pageSize;
  const rows = await unionAll(newest(first, end), newest(second, end), ...rest.map((status) => newest(status, end)))
    .orderBy(desc(index.at), desc(index.id))
    .limit(pageSize)
    .offset(offset);
  return rows.map((row) => row.id as string);
}
