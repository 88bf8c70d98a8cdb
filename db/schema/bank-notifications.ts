import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money2 } from './columns';
import { payinOrders } from './payins';
import { traderBankAccounts, traders } from './traders';

export type NotificationDirection = 'credit' | 'debit';
/**
 * unparsed: no template read it (kept and shown to the trader, never guessed); ignored: a debit or
 * a credit on no open pay-in; suggested: a match below the account's threshold, waiting for the
 * trader; released: it released a pay-in on its own; confirmed: the trader took the suggestion;
 * rejected: the trader turned the suggestion down.
 */
export type NotificationMatchStatus = 'unparsed' | 'ignored' | 'suggested' | 'released' | 'confirmed' | 'rejected';

/** Which signals of the score held for the matched pay-in (server/notifications/score-match.ts), as scored. */
export interface NotificationScoreSignals {
  amount: boolean;
  uniqueAmount: boolean;
  reference: boolean;
  payerName: 'equal' | 'differs' | 'unknown';
  inWindow: boolean;
  last4: boolean;
}

/**
 * A bank SMS or app notification a trader's forwarder sent (docs/trader-guide.md, "Automatic
 * confirmation"). The raw text and any payer name or memo can hold names: encrypted (purpose card).
 * Kept 30 days.
 */
export const bankNotifications = pgTable(
  'bank_notifications',
  {
    id: id(),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => traders.id),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => traderBankAccounts.id),
    sender: text('sender').notNull(),
    receivedAt: instant('received_at').notNull(),
    rawText: text('raw_text').notNull(),
    // SHA-256 of sender and text: the same message forwarded twice is stored once.
    textHash: text('text_hash').notNull(),
    parserId: text('parser_id'),
    direction: text('direction').$type<NotificationDirection>(),
    amount: money2('amount'),
    accountLast4: text('account_last4'),
    occurredAt: instant('occurred_at'),
    payerName: text('payer_name'),
    memo: text('memo'),
    matchStatus: text('match_status').$type<NotificationMatchStatus>().notNull(),
    payinOrderId: uuid('payin_order_id').references(() => payinOrders.id),
    score: integer('score'),
    // The parts of the score, kept as scored so that a trader confirming a suggestion sees why it scored so.
    scoreSignals: jsonb('score_signals').$type<NotificationScoreSignals>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_notifications_trader_hash_key').on(t.traderId, t.textHash),
    // One pay-in is released by at most one notification.
    uniqueIndex('bank_notifications_released_payin_key')
      .on(t.payinOrderId)
      .where(sql`${t.matchStatus} in ('released', 'confirmed')`),
    index('bank_notifications_account_received_idx').on(t.bankAccountId, t.receivedAt),
    index('bank_notifications_trader_created_idx').on(t.traderId, t.createdAt),
    index('bank_notifications_created_idx').on(t.createdAt),
    check('bank_notifications_direction_check', sql`${t.direction} is null or ${t.direction} in ('credit', 'debit')`),
    check(
      'bank_notifications_match_status_check',
      sql`${t.matchStatus} in ('unparsed', 'ignored', 'suggested', 'released', 'confirmed', 'rejected')`,
    ),
    check('bank_notifications_score_check', sql`${t.score} is null or ${t.score} between 0 and 100`),
  ],
);
