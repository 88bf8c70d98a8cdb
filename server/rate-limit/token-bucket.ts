/**
 * Per-key token buckets (docs/api.md, "Limits"), kept in this process's memory: each server
 * process enforces the limit on the requests it serves, so N processes allow up to N times the
 * rate. Cheap and good enough against a runaway client; a shared limiter can replace it later.
 */
interface Bucket {
  tokens: number;
  updatedAt: number;
}

const buckets = new Map<string, Bucket>();
const MAX_BUCKETS = 100_000;

export interface RateDecision {
  allowed: boolean;
  /** Seconds until one token is back, when refused. */
  retryAfterSeconds: number;
}

export function takeToken(key: string, ratePerSecond: number, burst: number, nowMs = Date.now()): RateDecision {
  let bucket = buckets.get(key);
  if (!bucket) {
    if (buckets.size >= MAX_BUCKETS) buckets.clear();
    bucket = { tokens: burst, updatedAt: nowMs };
    buckets.set(key, bucket);
  }
  bucket.tokens = Math.min(burst, bucket.tokens + ((nowMs - bucket.updatedAt) / 1000) * ratePerSecond);
  bucket.updatedAt = nowMs;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return { allowed: true, retryAfterSeconds: 0 };
  }
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)) };
}

export function resetRateLimits(): void {
  buckets.clear();
}
