import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, instant, updatedAt } from './columns';
import { traders } from './traders';

export type MerchantStatus = 'active' | 'suspended';

export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    name: text('name').notNull(),
    status: text('status').$type<MerchantStatus>().notNull().default('active'),
    payoutFeeBps: integer('payout_fee_bps').notNull().default(0),
    payinFeeBps: integer('payin_fee_bps').notNull().default(0),
    // Time windows of docs/state-machines.md, "Time windows", per merchant (seconds).
    payinExpirySeconds: integer('payin_expiry_seconds').notNull().default(900),
    payoutMatchSeconds: integer('payout_match_seconds').notNull().default(600),
    payoutPaymentSeconds: integer('payout_payment_seconds').notNull().default(1800),
    payoutMerchantActionSeconds: integer('payout_merchant_action_seconds').notNull().default(86_400),
    webhookUrl: text('webhook_url'),
    // whsec_ secrets, encrypted (purpose webhook-secret). The previous one keeps signing until
    // webhookPreviousSecretExpiresAt so receivers can roll over without dropping events.
    webhookSecret: text('webhook_secret'),
    webhookPreviousSecret: text('webhook_previous_secret'),
    webhookPreviousSecretExpiresAt: instant('webhook_previous_secret_expires_at'),
    webhookDisabledAt: instant('webhook_disabled_at'),
    // Start of the current run of failed deliveries; cleared by any success. Five days of failure
    // disables the endpoint (docs/webhooks.md, "Delivery and retries").
    webhookFailingSince: instant('webhook_failing_since'),
    // The checkout is the merchant's page (docs/api.md, "Checkout"): its name and accent colour
    // (the logo is in merchant_checkout_logos, so API requests never load its bytes); null falls
    // back to the merchant's name and the default look.
    checkoutDisplayName: text('checkout_display_name'),
    checkoutAccentColor: text('checkout_accent_color'),
    // Whether "I Have Paid" asks the buyer for the name on their bank account.
    askPayerName: boolean('ask_payer_name').notNull().default(false),
    rateLimitPerSecond: integer('rate_limit_per_second').notNull().default(100),
    rateLimitBurst: integer('rate_limit_burst').notNull().default(200),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('merchants_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('merchants_payout_fee_bps_check', sql`${t.payoutFeeBps} between 0 and 10000`),
    check('merchants_payin_fee_bps_check', sql`${t.payinFeeBps} between 0 and 10000`),
    check('merchants_accent_color_check', sql`${t.checkoutAccentColor} is null or ${t.checkoutAccentColor} ~ '^#[0-9a-f]{6}$'`),
    check(
      'merchants_windows_check',
      sql`${t.payinExpirySeconds} > 0 and ${t.payoutMatchSeconds} > 0 and ${t.payoutPaymentSeconds} > 0 and ${t.payoutMerchantActionSeconds} > 0`,
    ),
  ],
);

/** The merchant's logo on its checkout: re-encoded bytes, small (docs/api.md, "Checkout"). */
export const merchantCheckoutLogos = pgTable(
  'merchant_checkout_logos',
  {
    merchantId: uuid('merchant_id')
      .primaryKey()
      .references(() => merchants.id),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('merchant_checkout_logos_type_check', sql`${t.contentType} in ('image/png', 'image/webp', 'image/jpeg')`)],
);

export type ApiKeyOwner = 'merchant' | 'trader';

/**
 * API credentials. keyId is public (sent as X-Api-Key); the secret is stored encrypted (purpose
 * api-secret) because HMAC verification needs the secret itself, and is shown once at issue.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    keyId: text('key_id').notNull().unique(),
    ownerType: text('owner_type').$type<ApiKeyOwner>().notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    traderId: uuid('trader_id').references(() => traders.id),
    secret: text('secret').notNull(),
    label: text('label').notNull().default(''),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
    // Written at most once a minute per key (docs/api.md, "API keys and scopes").
    lastUsedAt: instant('last_used_at'),
    // Null means every scope: keys issued before scopes existed keep full access.
    scopes: text('scopes').array(),
    expiresAt: instant('expires_at'),
    // CIDR blocks the key may be used from, matched against the client address; null = anywhere.
    ipAllowlist: text('ip_allowlist').array(),
  },
  (t) => [
    index('api_keys_merchant_idx').on(t.merchantId),
    index('api_keys_trader_idx').on(t.traderId),
    check(
      'api_keys_owner_check',
      sql`(${t.ownerType} = 'merchant' and ${t.merchantId} is not null and ${t.traderId} is null) or (${t.ownerType} = 'trader' and ${t.traderId} is not null and ${t.merchantId} is null)`,
    ),
  ],
);
