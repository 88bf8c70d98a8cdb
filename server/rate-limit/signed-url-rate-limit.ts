/**
 * The rate at which one merchant's signed URLs (proof images) are served, across all of them: a URL
 * needs no key, so the key's bucket cannot hold it, and whoever holds one could otherwise make the
 * server read megabytes from the database as fast as it asks. A back-office page showing a few
 * payouts' proofs at once stays within the burst; more is 429 RATE_LIMITED with Retry-After.
 */
export const SIGNED_URL_RATE_LIMIT = {
  /** Tokens refilled per second. */
  perSecond: 10,
  /** Requests that may arrive at once after a quiet spell. */
  burst: 30,
} as const;
