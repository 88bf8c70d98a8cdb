/** docs/webhooks.md, "Delivery and retries": retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then failed. */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;

/** A delivery that fails this long in a row disables its endpoint. */
export const DISABLE_AFTER_MS = 5 * 24 * 3_600_000;

export const DELIVERY_TIMEOUT_MS = 10_000;

/** When attempt number `attempts` (1-based, just failed) should be retried, or null when it is the last. */
export function nextAttemptDelay(attempts: number, schedule: readonly number[] = RETRY_DELAYS_MS): number | null {
  return schedule[attempts - 1] ?? null;
}
