import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
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
 * The condition that a row is on one page of an owner's orders in `statuses`, newest first (then
 * by id): the list reads the page's rows in the same statement as the ids. Each status's
 * newest rows are read in order from the index, at most the page's end of them, and merged: a page
 * costs its place in the list, not the owner's history. Filtered by an IN list over the statuses
 * instead, PostgreSQL read every matching row and sorted them all for each page (docs/performance.md,
 * "A trader's list sorted their history").
 */
export function onPageByStatus(
  db: Executor,
  index: OrdersByStatusIndex,
  query: { owner: string; statuses: readonly [string, ...string[]]; page: number; pageSize: number },
): SQL {
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
  const end = offset + pageSize;
  const page = (
    second === undefined
      ? newest(first, pageSize).offset(offset)
      : unionAll(newest(first, end), newest(second, end), ...rest.map((status) => newest(status, end)))
          .orderBy(desc(index.at), desc(index.id))
          .limit(pageSize)
          .offset(offset)
  ).as('page');
  // `= any(array(…))` rather than `in (…)`: the ids are read first, once, and the rows then fetched
  // by primary key, whatever the statistics say. With `in`, on statistics taken before a burst of
  // new orders, the open pay-ins' page took 264 ms (9 ms after ANALYZE; docs/performance.md).
  return sql`${index.id} = any(array(${db.select({ id: page.id }).from(page)}))`;
}
