import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants } from '../../db/schema';

export type MerchantRow = typeof merchants.$inferSelect;

/** How long another server process may act on a merchant's old fees, windows or rate limit. */
const MERCHANT_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;
const entries = new Map<string, { row: MerchantRow; expiresAt: number }>();

/**
 * A merchant's settings for the REST path, read at most every few seconds instead of on every
 * request. Only settings come from here: whether the merchant is active is checked against the
 * database on every request (authenticate-api-request), and a change made through this process
 * (updateMerchantSettings) takes effect at once.
 */
export async function cachedMerchant(db: Executor, merchantId: string, now = Date.now()): Promise<MerchantRow | undefined> {
  const hit = entries.get(merchantId);
  if (hit && hit.expiresAt > now) return hit.row;
  const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!row) return undefined;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(merchantId, { row, expiresAt: now + MERCHANT_CACHE_MS });
  return row;
}

export function forgetMerchant(merchantId: string): void {
  entries.delete(merchantId);
}
