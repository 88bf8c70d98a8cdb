import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PayoutStatus } from './order-statuses';
import { bytea, createdAt, id, instant, money2, money6, rate4, updatedAt } from './columns';
import { merchants } from './merchants';
import { traders } from './traders';

export const payoutOrders = pgTable(
  'payout_orders',
  {
    id: id(),
    orderNo: text('order_no').notNull(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    merchantOrderNo: text('merchant_order_no').notNull(),
    status: text('status').$type<PayoutStatus>().notNull(),
    fiatCurrency: text('fiat_currency').notNull().default('CNY'),
    // Amounts as computed by docs/amounts.md at creation.
    usdAmount: money2('usd_amount').notNull(),
    usdFeeAmount: money2('usd_fee_amount').notNull(),
    feeBps: integer('fee_bps').notNull(),
    fxRate: rate4('fx_rate').notNull(),
    referenceRate: rate4('reference_rate').notNull(),
    referenceFiatAmount: money2('reference_fiat_amount').notNull(),
    slippage: numeric('slippage', { precision: 18, scale: 6 }).notNull(),
    lockedFiatAmount: money2('locked_fiat_amount').notNull(),
    // Recipient: the account number only as ciphertext (purpose card), its last 4 digits and an
    // HMAC fingerprint for duplicate detection.
    recipientHolderName: text('recipient_holder_name').notNull(),
    recipientBankName: text('recipient_bank_name').notNull(),
    recipientAccount: text('recipient_account').notNull(),
    recipientAccountLast4: text('recipient_account_last4').notNull(),
    recipientAccountFingerprint: text('recipient_account_fingerprint').notNull(),
    traderId: uuid('trader_id').references(() => traders.id),
    // Payout dispatch (docs/routing.md, "Payout dispatch"): when the task last entered the pool by a
    // release or a reassignment (its rings start again from here; null: from createdAt), the trader
    // it was taken from (offered to the others first), and the dispatch record stored with the accept.
    offeredSince: instant('offered_since'),
    passedTraderId: uuid('passed_trader_id'),
    dispatch: jsonb('dispatch').$type<Record<string, unknown>>(),
    matchDueAt: instant('match_due_at').notNull(),
    // The address the create came from, for the risk rules' velocity per client address (docs/risk.md).
    clientAddress: text('client_address'),
    acceptedAt: instant('accepted_at'),
    paymentDueAt: instant('payment_due_at'),
    firstProofSubmittedAt: instant('first_proof_submitted_at'),
    merchantActionDueAt: instant('merchant_action_due_at'),
    disputeReason: text('dispute_reason'),
    disputedAt: instant('disputed_at'),
    resolutionNote: text('resolution_note'),
    // The ruling's reason code (docs/operator-guide.md, "Rulings") and, for a split, USDT paid to the trader by a split ruling
    // (the rest goes back to the other side, by the fee rule in the same section).
    resolutionCode: text('resolution_code'),
    resolutionTraderAmount: money6('resolution_trader_amount'),
    // While disputed, the order's own deadlines stand still: set when the dispute opens, cleared
    // (and the deadlines moved on by the pause) when it closes (docs/state-machines.md, "Pauses").
    timersPausedAt: instant('timers_paused_at'),
    // The operator holding a dispute case (claim before ruling).
    claimedBy: uuid('claimed_by'),
    completedAt: instant('completed_at'),
    cancelledAt: instant('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payout_orders_order_no_key').on(t.orderNo),
    uniqueIndex('payout_orders_merchant_order_no_key').on(t.merchantId, t.merchantOrderNo),
    // List: per merchant, newest first, optionally by status; id breaks ties for stable pages.
    // NULLS FIRST is DESC's default, so ORDER BY created_at DESC can walk these indexes (a NULLS
    // LAST index would not match and page 1 became a sort of every row: docs/performance.md).
    index('payout_orders_merchant_created_idx').on(t.merchantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payout_orders_merchant_status_created_idx').on(
      t.merchantId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Trader pool and "my payouts".
    index('payout_orders_pool_idx').on(t.createdAt.desc().nullsFirst()).where(sql`${t.status} = 'PENDING_MATCH'`),
    // A trader's lists, one status at a time newest accept first (server/listing/on-page-by-status.ts).
    index('payout_orders_trader_status_accepted_idx').on(t.traderId, t.status, t.acceptedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The month of accepted payouts a trader's reputation reads (docs/routing.md, "Reputation").
    index('payout_orders_accepted_idx').on(t.acceptedAt),
    // Timers of docs/state-machines.md, "Time windows": partial indexes keep the scheduler's scans tiny.
    index('payout_orders_payment_due_idx')
      .on(t.paymentDueAt)
      .where(sql`${t.status} = 'PENDING_PAYMENT'`),
    index('payout_orders_merchant_action_due_idx')
      .on(t.merchantActionDueAt)
      .where(sql`${t.status} = 'PAYMENT_SUBMITTED'`),
    index('payout_orders_disputed_idx').on(t.disputedAt).where(sql`${t.status} = 'DISPUTED'`),
    index('payout_orders_recipient_fp_idx').on(t.recipientAccountFingerprint, t.createdAt),
    index('payout_orders_client_address_idx').on(t.clientAddress, t.createdAt),
    // The operator console's search (docs/operator-guide.md, "Search"): a merchant order number
    // without its merchant, and card last 4 + amount.
    index('payout_orders_merchant_order_no_idx').on(t.merchantOrderNo),
    // The merchant console's search (docs/merchant-guide.md, "The orders pages"): a merchant order
    // number in any case, within the merchant.
    index('payout_orders_merchant_order_no_lower_idx').on(t.merchantId, sql`lower(${t.merchantOrderNo})`),
    index('payout_orders_last4_amount_idx').on(t.recipientAccountLast4, t.lockedFiatAmount),
    check('payout_orders_amounts_check', sql`${t.usdAmount} > 0 and ${t.usdFeeAmount} >= 0 and ${t.lockedFiatAmount} > 0`),
  ],
);

/** Transfer proofs a trader uploads for a payout: re-encoded image bytes plus the original's SHA-256. */
export const proofImages = pgTable(
  'proof_images',
  {
    id: id(),
    payoutOrderId: uuid('payout_order_id')
      .notNull()
      .references(() => payoutOrders.id),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => traders.id),
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalSha256: text('original_sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('proof_images_order_position_key').on(t.payoutOrderId, t.position),
    index('proof_images_sha256_idx').on(t.originalSha256),
    check('proof_images_position_check', sql`${t.position} between 1 and 3`),
    check('proof_images_type_check', sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`),
  ],
);
