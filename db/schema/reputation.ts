import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { instant, money6 } from './columns';
import { traders } from './traders';

/**
 * Each trader's record over the last 30 days (docs/routing.md, "Reputation"), refreshed by the
 * scheduler in one statement, so routing and the pages read one row per trader instead of a month
 * of orders on every pay-in. A trader without a row has no record yet.
 */
export const traderReputation = pgTable('trader_reputation', {
  traderId: uuid('trader_id')
    .primaryKey()
    .references(() => traders.id),
  // Orders matched (pay-ins) or accepted (payouts) in the window that have ended: completed, and failed.
  completed: integer('completed').notNull(),
  failed: integer('failed').notNull(),
  // The median seconds from the buyer's "I Have Paid" to the completion of undisputed pay-ins in the window; null: none.
  medianReleaseSeconds: integer('median_release_seconds'),
  // Orders in the window ruled against the trader in full.
  disputesLost: integer('disputes_lost').notNull(),
  // USDT of the orders in the window that completed.
  volume: money6('volume').notNull(),
  // Completed orders ever and the first one's completion, for the new-trader gate; no longer counted once it lifts.
  completedTotal: integer('completed_total').notNull(),
  firstCompletedAt: instant('first_completed_at'),
  // When the trader first had the record the gate asks for (docs/routing.md, "New traders"); null: still gated.
  gateLiftedAt: instant('gate_lifted_at'),
  refreshedAt: instant('refreshed_at').notNull(),
});
