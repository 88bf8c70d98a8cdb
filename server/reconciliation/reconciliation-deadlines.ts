import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { platformSettings } from '../../db/schema';

const BANK_DEADLINE_KEY = 'reconciliation_bank_deadline_hours';
const CHAIN_DEADLINE_KEY = 'reconciliation_chain_deadline_hours';
/** Forwarders lag (a phone offline overnight): a day to bring the notification. */
const DEFAULT_BANK_HOURS = 24;
/** A broadcast transaction not mined in six hours is stuck, not slow. */
const DEFAULT_CHAIN_HOURS = 6;

/**
 * How long an EXPECTED item waits before it becomes MISMATCHED (docs/reconciliation.md,
 * "Deadlines"): platform settings `{ "hours": n }`, else the defaults above.
 */
export async function reconciliationDeadlines(db: Executor): Promise<{ bankMs: number; chainMs: number }> {
  const rows = await db.select().from(platformSettings).where(inArray(platformSettings.key, [BANK_DEADLINE_KEY, CHAIN_DEADLINE_KEY]));
  const hours = (key: string, fallback: number) => {
    const value = (rows.find((row) => row.key === key)?.value as { hours?: unknown } | undefined)?.hours;
    return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 24 * 30 ? value : fallback;
  };
  return { bankMs: hours(BANK_DEADLINE_KEY, DEFAULT_BANK_HOURS) * 3_600_000, chainMs: hours(CHAIN_DEADLINE_KEY, DEFAULT_CHAIN_HOURS) * 3_600_000 };
}
