import { desc, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { solvencyChecks } from '../../db/schema';

/** Reading the solvency checks loads no chain client: the console and the metrics only read the table. */
export type SolvencyCheckRow = typeof solvencyChecks.$inferSelect;

/** The latest checks, newest first: the operator console and the metrics read them. */
export async function latestSolvencyChecks(db: Executor, limit: number): Promise<SolvencyCheckRow[]> {
  return db.select().from(solvencyChecks).orderBy(desc(solvencyChecks.runAt), desc(solvencyChecks.id)).limit(limit);
}

/** The latest check that read every chain (ok or shortfall): the surplus the metric shows. */
export async function lastSolvencyFigures(db: Executor): Promise<SolvencyCheckRow | undefined> {
  const [last] = await db.select().from(solvencyChecks).where(ne(solvencyChecks.status, 'error')).orderBy(desc(solvencyChecks.runAt), desc(solvencyChecks.id)).limit(1);
  return last;
}
