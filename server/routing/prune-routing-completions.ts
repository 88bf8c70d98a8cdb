import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { MAX_WINDOW_MINUTES } from './routing-settings';

/**
 * Drops the per-minute completion counts (routing_account_completions) older than the longest
 * scoring window the settings allow, with a minute to spare: no read can reach them. Returns the
 * rows dropped.
 */
export async function pruneRoutingCompletions(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - (MAX_WINDOW_MINUTES + 1) * 60_000).toISOString();
  const [dropped] = rowsOf<{ rows: string | number }>(
    await db.execute(sql`
      with dropped as (delete from routing_account_completions where minute < ${cutoff}::timestamptz returning 1)
      select count(*) as rows from dropped`),
  );
  return Number(dropped?.rows ?? 0);
}
