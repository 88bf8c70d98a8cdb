import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PayinStatus } from './order-statuses';
import { createdAt, id, instant, money2, money6, rate4, updatedAt } from './columns';
import { merchants } from './merchants';
import { traderBankAccounts, traders } from './traders';

export const payinOrders = pgTable(
  'payin_orders',
  {
    id: id(),
    orderNo: text('order_no').notNull(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    merchantOrderNo: text('merchant_order_no').notNull(),
    status: text('status').$type<PayinStatus>().notNull(),
    pair: text('pair').notNull().default('USDT/CNY'),
    assetSymbol: text('asset_symbol').notNull().default('USDT'),
    assetAmount: money6('asset_amount').notNull(),
    fiatCurrency: text('fiat_currency').notNull().default('CNY'),
    fiatAmount: money2('fiat_amount').notNull(),
    // Locked at creation from the matched quote (or the best quote when queued in PENDING_MATCH).
    fxRate: rate4('fx_rate').notNull(),
    usdAmount: money2('usd_amount').notNull(),
    usdFeeAmount: money2('usd_fee_amount').notNull(),
    feeBps: integer('fee_bps').notNull(),
    quotedAt: instant('quoted_at').notNull(),
    traderId: uuid('trader_id').references(() => traders.id),
    traderBankAccountId: uuid('trader_bank_account_id').references(() => traderBankAccounts.id),
    // Only the SHA-256 of the checkout token is kept: the token itself is a bearer credential.
    payTokenHash: text('pay_token_hash').notNull(),
    returnUrl: text('return_url'),
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    source: text('source').notNull().default('API'),
    chainTxKey: text('chain_tx_key'),
    // A short code the buyer may put in the transfer memo, shown to the trader beside the amount so
    // equal amounts can be told apart (docs/trader-guide.md).
    buyerReference: text('buyer_reference'),
    // The name on the buyer's bank account as they typed it at "I Have Paid": encrypted (purpose
    // card), shown only to the trader of this pay-in.
    payerName: text('payer_name'),
    // What the buyer must transfer when the trader's account confirms pay-ins from bank
    // notifications: fiatAmount plus a few cents, so no two open pay-ins on one account share an
    // amount (docs/trader-guide.md, "Automatic confirmation"). Null otherwise.
    paymentFiatAmount: money2('payment_fiat_amount'),
    // The address the create came from, for the risk rules' velocity per client address (docs/risk.md).
    clientAddress: text('client_address'),
    expiresAt: instant('expires_at').notNull(),
    matchedAt: instant('matched_at'),
    paymentSubmittedAt: instant('payment_submitted_at'),
    disputeReason: text('dispute_reason'),
    // What the buyer reported from the checkout, when the buyer opened the dispute
    // (common/buyer-report-kind.ts); null when the trader did or before any dispute.
    buyerReportKind: text('buyer_report_kind').$type<'not_confirmed' | 'amount_differs' | 'other_details' | 'other'>(),
    disputedAt: instant('disputed_at'),
    resolutionNote: text('resolution_note'),
    // The ruling's reason code (docs/operator-guide.md, "Rulings") and, for a split, USDT credited to the merchant by a split ruling
    // (the rest goes back to the other side, by the fee rule in the same section).
    resolutionCode: text('resolution_code'),
    resolutionMerchantAmount: money6('resolution_merchant_amount'),
    // While disputed, the order's own deadlines stand still: set when the dispute opens, cleared
    // (and the deadlines moved on by the pause) when it closes (docs/state-machines.md, "Pauses").
    timersPausedAt: instant('timers_paused_at'),
    claimedBy: uuid('claimed_by'),
    // Why this trader: the routing mode, the score and its parts when the order was matched
    // (docs/routing.md, "Why this trader").
    routing: jsonb('routing').$type<Record<string, unknown>>(),
    completedAt: instant('completed_at'),
    cancelledAt: instant('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payin_orders_order_no_key').on(t.orderNo),
    uniqueIndex('payin_orders_merchant_order_no_key').on(t.merchantId, t.merchantOrderNo),
    uniqueIndex('payin_orders_pay_token_key').on(t.payTokenHash),
    index('payin_orders_merchant_created_idx').on(t.merchantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payin_orders_merchant_status_created_idx').on(
      t.merchantId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A trader's lists, one status at a time newest first (server/listing/on-page-by-status.ts).
    index('payin_orders_trader_status_created_idx').on(t.traderId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The recent outcomes routing reads for success rates, bank health and pauses (docs/routing.md).
    index('payin_orders_matched_idx').on(t.matchedAt),
    // The failures alone, for the recent-failure penalty and pauses: their count grows with
    // failures, not with traffic (the window's completions are kept in routing_account_completions).
    // payin_outcome() is migration "routing account completions"'s one definition of a failure.
    index('payin_orders_failures_idx')
      .on(t.matchedAt)
      .where(sql`payin_outcome(${t.status}, ${t.disputedAt}, ${t.cancelledAt}, ${t.expiresAt}) = 'failed'`),
    index('payin_orders_matching_idx').on(t.createdAt).where(sql`${t.status} = 'PENDING_MATCH'`),
    index('payin_orders_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('PENDING_MATCH', 'PENDING_PAYMENT')`),
    // The operator console's search by merchant order number alone (docs/operator-guide.md, "Search").
    index('payin_orders_merchant_order_no_idx').on(t.merchantOrderNo),
    // The merchant console's search (docs/merchant-guide.md, "The orders pages"): a merchant order
    // number in any case, within the merchant.
    index('payin_orders_merchant_order_no_lower_idx').on(t.merchantId, sql`lower(${t.merchantOrderNo})`),
    index('payin_orders_client_address_idx').on(t.clientAddress, t.createdAt),
    index('payin_orders_disputed_idx').on(t.disputedAt).where(sql`${t.status} = 'DISPUTED'`),
    uniqueIndex('payin_orders_open_payment_amount_key')
      .on(t.traderBankAccountId, t.paymentFiatAmount)
      .where(sql`${t.paymentFiatAmount} is not null and ${t.status} in ('PENDING_PAYMENT', 'PAYMENT_SUBMITTED', 'PENDING_RELEASE')`),
    check('payin_orders_amounts_check', sql`${t.assetAmount} > 0 and ${t.fiatAmount} > 0 and ${t.usdFeeAmount} >= 0`),
  ],
);
