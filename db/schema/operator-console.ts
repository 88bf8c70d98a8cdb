import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns';
import { users } from './users';

/**
 * One-time recovery codes for signing in without the authenticator (docs/security.md, "Recovery
 * codes"): only a SHA-256 of each code is kept; usedAt set once, by a conditional UPDATE, so a code
 * works exactly once even when two sign-ins race.
 */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/** An operator's named filters for the disputes queue (docs/operator-guide.md, "Saved views"). */
export const operatorSavedViews = pgTable(
  'operator_saved_views',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('operator_saved_views_user_name_key').on(t.userId, t.name)],
);
