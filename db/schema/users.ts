import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, updatedAt } from './columns';
import { merchants } from './merchants';
import { traders } from './traders';

export type UserRole = 'trader' | 'operator' | 'merchant';
export type UserStatus = 'active' | 'suspended';

/** People who sign in to the dashboards. Passwords are argon2id hashes (PHC strings). */
export const users = pgTable(
  'users',
  {
    id: id(),
    // Stored lower-cased, so the unique index is case-insensitive in effect.
    email: text('email').notNull().unique(),
    displayName: text('display_name').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    traderId: uuid('trader_id').references(() => traders.id),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    // TOTP secret, encrypted (purpose totp); lastTotpStep refuses a reused code.
    totpSecret: text('totp_secret'),
    totpEnabledAt: instant('totp_enabled_at'),
    lastTotpStep: integer('last_totp_step'),
    // Read by no code since sign-in throttling moved to sign_in_throttles; kept for one release so
    // nodes of the previous one keep working while the release rolls out (docs/deploy.md).
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: instant('locked_until'),
    passwordChangedAt: instant('password_changed_at'),
    // Carried in the session at sign-in; bumped by suspension, password change or reset, role
    // change and "sign out everywhere", which ends every older session at its next request
    // (docs/security.md).
    sessionVersion: integer('session_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('trader', 'operator', 'merchant')`),
    check('users_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'users_role_link_check',
      sql`(${t.role} = 'trader' and ${t.traderId} is not null) or (${t.role} = 'merchant' and ${t.merchantId} is not null) or ${t.role} = 'operator'`,
    ),
  ],
);
