import type { Db } from '../../db/client';
import { touchApiKeyLastUsed } from '../../db/statements/api-keys';
import { log } from '../logging/log';

/** docs/api.md, "API keys and scopes": lastUsedAt is at most this stale. */
const LAST_USED_RESOLUTION_MS = 60_000;

const MAX_ENTRIES = 10_000;
/** When this process last wrote (or saw written) each key's last_used_at, in ms since the epoch. */
const written = new Map<string, number>();

/**
 * Keeps api_keys.last_used_at within a minute of the truth without a write per request: at most
 * one UPDATE per key per minute per process, and none while the row (read with the nonce) is
 * fresh, so several processes add little. The write is not awaited: it decides nothing about the
 * request, so a failure is logged and the request goes on.
 */
export function noteKeyUse(options: { db: Db; apiKeyId: string; lastUsedAt: Date | null; now: Date }): void {
  const { db, apiKeyId, lastUsedAt, now } = options;
  const nowMs = now.getTime();
  const seen = Math.max(written.get(apiKeyId) ?? 0, lastUsedAt?.getTime() ?? 0);
  if (nowMs - seen < LAST_USED_RESOLUTION_MS) return;
  if (written.size >= MAX_ENTRIES && !written.has(apiKeyId)) written.delete(written.keys().next().value as string);
  written.set(apiKeyId, nowMs);
  touchApiKeyLastUsed(db, { keyId: apiKeyId, now: now.toISOString() }).catch((error: unknown) => {
    written.delete(apiKeyId);
    log('warn', 'last_used_at not written', { apiKeyId, error });
  });
}

/** Tests: forget what this process wrote, so the next use writes again. */
export function forgetKeyUses(): void {
  written.clear();
}
