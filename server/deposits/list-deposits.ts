import { and, desc, eq, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chainDeposits } from '../../db/schema';
import { depositView } from './deposit.schema';
import type { DepositOwner } from './deposit-address';
import { encodeDepositCursor, type ListDepositsQuery } from './list-deposits.schema';

const detectedAtText = sql<string>`to_char(${chainDeposits.detectedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * An owner's deposits, newest first, a page at a time, keyed by the last one's (detected_at, id)
 * like the events list (docs/api.md, "List deposits"). Only the owner's: another merchant's
 * deposits are not there to be found.
 */
export async function listDeposits(db: Executor, owner: DepositOwner, query: ListDepositsQuery) {
  const conditions: SQL[] = [eq(chainDeposits.ownerType, owner.type), eq(chainDeposits.ownerId, owner.id)];
  if (query.chain) conditions.push(eq(chainDeposits.chainKey, query.chain));
  if (query.state) conditions.push(eq(chainDeposits.state, query.state));
  if (query.startingAfter) {
    const at = sql`${query.startingAfter.detectedAt}::timestamptz`;
    conditions.push(lte(chainDeposits.detectedAt, at), or(lt(chainDeposits.detectedAt, at), lt(chainDeposits.id, query.startingAfter.id))!);
  }
  const rows = await db
    .select({ row: chainDeposits, detectedAtText })
    .from(chainDeposits)
    .where(and(...conditions))
    .orderBy(desc(chainDeposits.detectedAt), desc(chainDeposits.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => depositView(row)),
    hasMore,
    nextCursor: hasMore && last ? encodeDepositCursor({ detectedAt: last.detectedAtText, id: last.row.id }) : null,
  };
}
