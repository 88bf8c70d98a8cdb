import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, updatedAt } from './columns';
import { merchants } from './merchants';
import { traders } from './traders';

export type UserRole = 'trader' | 'operator' | 'merchant';
export type UserStatus = 'active' | 'suspended';
/** What a merchant's user may do in the merchant console (docs/merchant-guide.md, "Roles"). */
export type MerchantRole = 'owner' | 'developer' | 'finance' | 'support';

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
    // Set exactly when role = 'merchant'.
    merchantRole: text('merchant_role').$type<MerchantRole>(),
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
    check(
      'users_merchant_role_check',
      sql`(${t.role} = 'merchant') = (${t.merchantRole} is not null) and (${t.merchantRole} is null or ${t.merchantRole} in ('owner', 'developer', 'finance', 'support'))`,
    ),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check(
      'users_role_link_check',
      sql`(${t.role} = 'trader' and ${t.traderId} is not null) or (${t.role} = 'merchant' and ${t.merchantId} is not null) or ${t.role} = 'operator'`,
    ),
  ],
);

/**
 * A one-time link inviting someone to a merchant's team. Only the SHA-256 of the token is kept; the
 * link is shown once to the inviter (no mail server is needed).
 */
export const merchantInvitations = pgTable(
  'merchant_invitations',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    email: text('email').notNull(),
    merchantRole: text('merchant_role').$type<MerchantRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchant_invitations_merchant_idx').on(t.merchantId, t.createdAt),
    check('merchant_invitations_role_check', sql`${t.merchantRole} in ('owner', 'developer', 'finance', 'support')`),
    check('merchant_invitations_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);
