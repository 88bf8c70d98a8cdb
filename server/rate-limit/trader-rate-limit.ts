/**
 * The rate limit of every trader API key (docs/security.md): the same token bucket as merchant
 * keys, at one documented rate for all traders, since traders have no per-account setting. A bot
 * that polls its tasks every second and acts on a few of them stays far below it; a runaway or
 * hostile client is refused with 429 RATE_LIMITED and Retry-After.
 */
export const TRADER_RATE_LIMIT = {
  /** Tokens refilled per second. */
  perSecond: 10,
  /** Requests that may arrive at once after a quiet spell. */
  burst: 20,
} as const;
