import { bigint, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Orders per merchant, flow and status, kept exact by triggers on payout_orders and payin_orders
 * (migration 0004) in the same transaction as each insert or status change. The list endpoints
 * read `total` from here (a sum over shards) instead of counting a million index entries.
 */
export const merchantOrderCounts = pgTable(
  'merchant_order_counts',
  {
    flow: text('flow').$type<'payout' | 'payin'>().notNull(),
    merchantId: uuid('merchant_id').notNull(),
    status: text('status').notNull(),
    // Each connection adds to its own row per status (backend pid modulo 256): a merchant's
    // concurrent creates would otherwise all wait for one counter row, held until they commit.
    // Only the sum over shards means anything (one shard may go negative).
    shard: smallint('shard').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.flow, t.merchantId, t.status, t.shard] })],
);

/**
 * The same orders counted per hour of creation (UTC hours, `date_bin` from the epoch), kept by the
 * same triggers in the same transactions. A list filtered by a creation range sums the whole hours
 * inside it and counts only the two partial hours at its edges on the orders' index, so its exact
 * total costs at most two hours of rows however long the range (docs/performance.md, "Range totals").
 * Shards as above; the scheduler folds the shards of hours that have passed into shard 0.
 */
export const merchantOrderHourCounts = pgTable(
  'merchant_order_hour_counts',
  {
    flow: text('flow').$type<'payout' | 'payin'>().notNull(),
    merchantId: uuid('merchant_id').notNull(),
    status: text('status').notNull(),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
    shard: smallint('shard').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.flow, t.merchantId, t.hour, t.status, t.shard] })],
);
