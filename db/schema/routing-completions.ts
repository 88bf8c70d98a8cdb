import { integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Each receiving account's pay-ins completed without a dispute, per minute of matching (UTC
 * minutes, `date_bin` from 2000-01-01), for routing's success rates (docs/routing.md, "Signals").
 * Kept exact by triggers on payin_orders (migration "routing account completions") in the same
 * transaction as the change that completes an order or disputes a completed one, so routing reads
 * a row per account and minute of its window instead of every pay-in matched in it
 * (docs/performance.md, "The routing read"). Failures are few and routing needs each one's time,
 * so they are read from the orders' own partial index. No foreign key: a write here must not lock
 * the account's row. The scheduler drops minutes older than the longest window settings allow.
 */
export const routingAccountCompletions = pgTable(
  'routing_account_completions',
  {
    accountId: uuid('account_id').notNull(),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.minute] })],
);
