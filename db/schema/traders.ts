import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money2, rate4, updatedAt } from './columns';

export type TraderStatus = 'active' | 'suspended';

export const traders = pgTable(
  'traders',
  {
    id: id(),
    name: text('name').notNull(),
    status: text('status').$type<TraderStatus>().notNull().default('active'),
    online: boolean('online').notNull().default(false),
    // Ties between equal quotes go to the trader matched longest ago, so work spreads.
    lastMatchedAt: instant('last_matched_at'),
    // Per-trader routing weights over the platform's (docs/routing.md, "Settings"); null: none.
    routingWeights: jsonb('routing_weights').$type<Record<string, number>>(),
    // The trader's own bond multiple over the platform's (docs/routing.md, "Bond and exposure"); null: the platform's.
    bondMultiple: numeric('bond_multiple', { precision: 10, scale: 2 }),
    // The trader's own cap on open payout tasks over the platform's (docs/routing.md, "Payout dispatch"); null: the platform's.
    payoutTaskCap: integer('payout_task_cap'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('traders_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('traders_bond_multiple_check', sql`${t.bondMultiple} is null or ${t.bondMultiple} > 0`),
    check('traders_payout_task_cap_check', sql`${t.payoutTaskCap} is null or ${t.payoutTaskCap} > 0`),
  ],
);

/**
 * A trader's standing quote for USDT/CNY. SELL: the trader sells USDT to buyers (pay-in).
 * BUY: the trader buys USDT by paying CNY to a merchant's recipient (payout).
 */
export type QuoteSide = 'BUY' | 'SELL';

export const traderQuotes = pgTable(
  'trader_quotes',
  {
    id: id(),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => traders.id),
    side: text('side').$type<QuoteSide>().notNull(),
    pair: text('pair').notNull().default('USDT/CNY'),
    price: rate4('price').notNull(),
    minFiat: money2('min_fiat').notNull(),
    maxFiat: money2('max_fiat').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trader_quotes_matching_idx').on(t.side, t.pair, t.active, t.price),
    index('trader_quotes_trader_idx').on(t.traderId),
    check('trader_quotes_side_check', sql`${t.side} in ('BUY', 'SELL')`),
    check('trader_quotes_price_check', sql`${t.price} > 0`),
    check('trader_quotes_limits_check', sql`${t.minFiat} > 0 and ${t.maxFiat} >= ${t.minFiat}`),
  ],
);

/** Where buyers pay a trader in a pay-in. The account number is encrypted (purpose card). */
export const traderBankAccounts = pgTable(
  'trader_bank_accounts',
  {
    id: id(),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => traders.id),
    holderName: text('holder_name').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountLast4: text('account_last4').notNull(),
    active: boolean('active').notNull().default(true),
    // Automatic confirmation from the bank's notifications (docs/trader-guide.md): off unless the
    // trader turns it on; a match scoring at least the threshold (0-100) releases the pay-in.
    autoConfirm: boolean('auto_confirm').notNull().default(false),
    autoConfirmThreshold: integer('auto_confirm_threshold').notNull().default(90),
    // The forwarder's last heartbeat or notification; silent longer than listenerSilenceSeconds,
    // the account gets no auto-confirm pay-ins and the trader is alerted.
    listenerLastSeenAt: instant('listener_last_seen_at'),
    listenerSilenceSeconds: integer('listener_silence_seconds').notNull().default(900),
    // The trader's own limits for this account, within the platform's bounds (docs/routing.md,
    // "Account limits"); null takes the platform's default.
    dailyOrderLimit: integer('daily_order_limit'),
    dailyFiatLimit: money2('daily_fiat_limit'),
    minOrderFiat: money2('min_order_fiat'),
    maxOrderFiat: money2('max_order_fiat'),
    cooldownSeconds: integer('cooldown_seconds'),
    // What the account took on its current day (Asia/Shanghai), counted by the match that claims it
    // in one conditional update, so concurrent matches never take it past its limits.
    usageDay: date('usage_day', { mode: 'string' }),
    usageOrders: integer('usage_orders').notNull().default(0),
    usageFiat: money2('usage_fiat').notNull().default('0'),
    lastOrderAt: instant('last_order_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trader_bank_accounts_trader_idx').on(t.traderId, t.active),
    check('trader_bank_accounts_threshold_check', sql`${t.autoConfirmThreshold} between 0 and 100`),
    check('trader_bank_accounts_silence_check', sql`${t.listenerSilenceSeconds} > 0`),
    check(
      'trader_bank_accounts_limits_check',
      sql`(${t.dailyOrderLimit} is null or ${t.dailyOrderLimit} > 0) and (${t.dailyFiatLimit} is null or ${t.dailyFiatLimit} > 0)
        and (${t.cooldownSeconds} is null or ${t.cooldownSeconds} >= 0)
        and (${t.minOrderFiat} is null or ${t.maxOrderFiat} is null or ${t.maxOrderFiat} >= ${t.minOrderFiat})
        and ${t.usageOrders} >= 0 and ${t.usageFiat} >= 0`,
    ),
  ],
);
