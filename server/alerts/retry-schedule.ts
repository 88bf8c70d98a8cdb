/** docs/alerts.md, "Retries": after 5 s, 30 s, 2 min, 10 min, 30 min, 1 h; then failed. An alert is worth less the later it comes. */
export const ALERT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;

/** At most this many alerts a minute go to one person on one channel; the rest wait their turn. */
export const ALERTS_PER_MINUTE = 10;
