import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { outboxEvents } from '../../db/schema';
import { DomainError } from '../errors';
import { encodeEventCursor } from './event-cursor';
import type { ListEventsQuery } from './merchant-event.schema';

/** created_at to the microsecond, in UTC: the cursor must name the row exactly, and JS Dates stop at milliseconds. */
const createdAtText = sql<string>`to_char(${outboxEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Every event Corridor emitted for a merchant, newest first, a page at a time (docs/api.md, "List
 * events"). Pages are keyed by the last event's (created_at, id), not an offset: events written
 * while a merchant walks the list are newer than its cursor, so they neither shift the pages nor
 * repeat an event. The walk is on outbox_events_merchant_created_idx (merchant_id, created_at desc);
 * the id only breaks ties between events of the same microsecond.
 */
export async function listMerchantEvents(db: Executor, merchantId: string, query: ListEventsQuery) {
  const conditions: SQL[] = [eq(outboxEvents.merchantId, merchantId)];
  if (query.type) conditions.push(eq(outboxEvents.type, query.type));
  if (query.from) conditions.push(gte(outboxEvents.createdAt, query.from));
  if (query.to) conditions.push(lt(outboxEvents.createdAt, query.to));
  if (query.startingAfter) {
    const at = sql`${query.startingAfter.createdAt}::timestamptz`;
    // Spelt out rather than a row comparison, so `created_at <= at` is an index condition.
    conditions.push(lte(outboxEvents.createdAt, at), or(lt(outboxEvents.createdAt, at), lt(outboxEvents.id, query.startingAfter.id))!);
  }
  const rows = await db
    .select({ id: outboxEvents.id, payload: outboxEvents.payload, createdAt: createdAtText })
    .from(outboxEvents)
    .where(and(...conditions))
    .orderBy(desc(outboxEvents.createdAt), desc(outboxEvents.id))
    // One more than asked says whether another page exists without counting the history.
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const last = page.at(-1);
  return {
    items: page.map((row) => row.payload),
    hasMore,
    nextCursor: hasMore && last ? encodeEventCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** One of the merchant's events as its webhook carried it; another merchant's is NOT_FOUND, as if it did not exist. */
export async function findMerchantEvent(db: Executor, merchantId: string, eventId: string) {
  const [row] = await db
    .select({ payload: outboxEvents.payload })
    .from(outboxEvents)
    .where(and(eq(outboxEvents.id, eventId), eq(outboxEvents.merchantId, merchantId)));
  if (!row) throw new DomainError('NOT_FOUND', 'No such event.');
  return row.payload;
}
