/**
 * Default time windows of docs/state-machines.md, "Time windows" (each configurable per merchant, stored on the
 * merchant in seconds). What happens when each runs out is in docs/state-machines.md.
 */
const MINUTE = 60_000;

export const defaultWindows = {
  /** createdAt -> pay-in expiresAt: the buyer must pay within it. */
  payinExpiryMs: 15 * MINUTE,
  /** createdAt -> payout matchDueAt: no trader accepted; the order stays PENDING_MATCH, flagged. */
  payoutMatchMs: 10 * MINUTE,
  /** accept -> paymentDueAt: the trader must pay within it, else PAYMENT_OVERDUE. */
  payoutPaymentMs: 30 * MINUTE,
  /** firstProofSubmittedAt -> merchantActionDueAt: else DISPUTED (MERCHANT_ACTION_TIMEOUT). */
  payoutMerchantActionMs: 24 * 60 * MINUTE,
  /** paymentSubmittedAt -> when the buyer may report a problem if the trader has not confirmed. */
  payinBuyerReportAfterMs: 15 * MINUTE,
} as const;

/** The reason recorded when a merchant lets the decision window run out. */
export const MERCHANT_ACTION_TIMEOUT = 'MERCHANT_ACTION_TIMEOUT';
