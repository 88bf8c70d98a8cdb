import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { outboxEvents } from './webhooks';
import { users } from './users';

/** What an alert is about (docs/alerts.md, "Kinds"); a person may turn each off. */
export type AlertKind =
  | 'payout_task'
  | 'payin_to_confirm'
  | 'payout_to_confirm'
  | 'dispute_opened'
  | 'dispute_resolved'
  | 'dispute_message'
  | 'deadline_soon'
  | 'case_overdue'
  | 'ledger_alarm';
export type AlertChannel = 'telegram' | 'push';
export type AlertLanguage = 'en' | 'zh';
export type AlertDeliveryStatus = 'pending' | 'delivering' | 'sent' | 'failed' | 'dropped';

/**
 * Outbox events not yet turned into alerts. A row is born in the statement that writes its event
 * (server/orders/write-event.ts), as a webhook delivery is, and removed in the transaction that
 * writes the event's alerts: an event is neither lost with a crash nor turned into alerts twice.
 */
export const alertQueue = pgTable('alert_queue', {
  eventId: text('event_id')
    .primaryKey()
    .references(() => outboxEvents.id),
  createdAt: createdAt(),
});

/** One alert to one person on one channel; claimed by the worker with a lease, as webhook deliveries are. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<AlertKind>().notNull(),
    channel: text('channel').$type<AlertChannel>().notNull(),
    // What the alert is about and for whom: a source seen twice (a scan run again) adds nothing.
    dedupeKey: text('dedupe_key').notNull().unique(),
    // The message's parameters (order number, amounts, due time); never a card number or payer name.
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    status: text('status').$type<AlertDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: instant('lease_expires_at'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('alert_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'delivering')`),
    index('alert_deliveries_user_sent_idx').on(t.userId, t.channel, t.sentAt),
    check('alert_deliveries_status_check', sql`${t.status} in ('pending', 'delivering', 'sent', 'failed', 'dropped')`),
    check('alert_deliveries_channel_check', sql`${t.channel} in ('telegram', 'push')`),
  ],
);

/** A person's Telegram chat, linked by a one-time code sent to the bot as /start <code>. */
export const telegramLinks = pgTable('telegram_links', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  chatId: text('chat_id').notNull().unique(),
  linkedAt: createdAt(),
});

/** A browser's web push subscription (the trader dashboard or a console, tab closed): one person may have several. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull().unique(),
    // The browser's P-256 public key and auth secret (base64url): what the payload is encrypted to.
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** One-time link codes: only the SHA-256 of the code is kept, valid for a short time. */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('telegram_link_codes_user_idx').on(t.userId)],
);

/** A person's alert settings; no row: every kind, no quiet hours, English. */
export const alertSettings = pgTable(
  'alert_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    // The kinds turned off (a new kind reaches everyone until they turn it off).
    mutedKinds: text('muted_kinds').array().$type<AlertKind[]>().notNull().default(sql`'{}'::text[]`),
    language: text('language').$type<AlertLanguage>().notNull().default('en'),
    // Quiet hours as minutes of the day in timeZone, [from, to); both null: none.
    quietFromMinute: smallint('quiet_from_minute'),
    quietToMinute: smallint('quiet_to_minute'),
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('alert_settings_language_check', sql`${t.language} in ('en', 'zh')`),
    check(
      'alert_settings_quiet_check',
      sql`(${t.quietFromMinute} is null) = (${t.quietToMinute} is null) and coalesce(${t.quietFromMinute}, 0) between 0 and 1439 and coalesce(${t.quietToMinute}, 0) between 0 and 1439`,
    ),
  ],
);

/** Where the Telegram update loop stopped (getUpdates offset): one row per bot. */
export const telegramUpdateOffsets = pgTable(
  'telegram_update_offsets',
  {
    bot: text('bot').notNull(),
    nextUpdateId: integer('next_update_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bot] })],
);
