import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Orders per merchant, flow and status, kept exact by triggers on payout_orders and payin_orders
 * (migration 0004) in the same transaction as each insert or status change. The list endpoints
 * read `total` from here instead of counting a million index entries per request.
 */
export const merchantOrderCounts = pgTable(
  'merchant_order_counts',
  {
    flow: text('flow').$type<'payout' | 'payin'>().notNull(),
    merchantId: uuid('merchant_id').notNull(),
    status: text('status').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.flow, t.merchantId, t.status] })],
);
