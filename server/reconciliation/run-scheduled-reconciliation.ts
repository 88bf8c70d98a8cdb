import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reconciliationRuns } from '../../db/schema';
import type { ChainConfig } from '../chains/chains';
import { yesterday } from './business-day';
import { datesWithExpectedItems, reconcileDay } from './reconcile-day';

/**
 * The daily reconciliation (docs/reconciliation.md, "Schedule"): yesterday (UTC) once, then every
 * earlier day still holding EXPECTED items again, so each one becomes MATCHED when its data arrives
 * or MISMATCHED at its deadline. Returns the days it ran.
 */
export async function runScheduledReconciliation(db: Db, options: { chains: readonly ChainConfig[]; now?: Date }): Promise<string[]> {
  const now = options.now ?? new Date();
  const day = yesterday(now);
  const [done] = await db.select({ id: reconciliationRuns.id }).from(reconciliationRuns).where(eq(reconciliationRuns.businessDate, day));
  const waiting = await datesWithExpectedItems(db, day);
  const dates = done || waiting.includes(day) ? waiting : [...waiting, day];
  for (const date of dates) await reconcileDay(db, date, { chains: options.chains, now });
  return dates;
}
