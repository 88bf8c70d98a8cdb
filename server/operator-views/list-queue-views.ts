import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { operatorSavedViews } from '../../db/schema';
import { disputeQueueFilters } from '../disputes/list-disputes.schema';

/** An operator's saved queue views, by name; a stored filter that no longer parses is left out of it. */
export async function listQueueViews(db: Executor, options: { userId: string }) {
  const rows = await db.select().from(operatorSavedViews).where(eq(operatorSavedViews.userId, options.userId)).orderBy(asc(operatorSavedViews.name));
  return rows.map((row) => {
    const parsed = disputeQueueFilters.partial().safeParse(row.filters);
    return { viewId: row.id, name: row.name, filters: parsed.success ? parsed.data : {} };
  });
}
