import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';

export type SignInThrottleScope = 'pair' | 'address' | 'account';

/**
 * Counted sign-in failures, kept in the database so every process sees the same counts
 * (docs/security.md). `key` is, per scope: the hash of the email and the client address (pair),
 * the client address (address), or the hash of the email (account). Emails are stored hashed
 * only, and unknown emails are counted like real ones, so the table answers nothing about which
 * accounts exist. `attemptId` is the last attempt that was counted: an attempt that finds its own
 * id there after the upsert was let through, one that does not was held back.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    scope: text('scope').$type<SignInThrottleScope>().notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: instant('last_failure_at').notNull(),
    attemptId: uuid('attempt_id'),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('sign_in_throttles_scope_check', sql`${t.scope} in ('pair', 'address', 'account')`),
    check('sign_in_throttles_failures_check', sql`${t.failures} >= 0`),
    // Forgotten rows are swept by age.
    index('sign_in_throttles_last_failure_at_idx').on(t.lastFailureAt),
  ],
);
