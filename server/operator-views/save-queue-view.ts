import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorSavedViews } from '../../db/schema';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { MAX_QUEUE_VIEWS, saveQueueViewInput, type SaveQueueViewInput } from './queue-view.schema';

/** Saves the queue's current filters under a name; saving under an existing name replaces it. */
export async function saveQueueView(db: Db, options: { userId: string; view: SaveQueueViewInput }): Promise<{ viewId: string; name: string }> {
  const view = parseInput(saveQueueViewInput, options.view);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: operatorSavedViews.id })
      .from(operatorSavedViews)
      .where(and(eq(operatorSavedViews.userId, options.userId), eq(operatorSavedViews.name, view.name)));
    if (!existing) {
      const [held] = await tx.select({ n: count() }).from(operatorSavedViews).where(eq(operatorSavedViews.userId, options.userId));
      if (Number(held?.n ?? 0) >= MAX_QUEUE_VIEWS) {
        throw new DomainError('VALIDATION_FAILED', `At most ${MAX_QUEUE_VIEWS} saved views; delete one first.`, { details: [{ path: 'name', message: `at most ${MAX_QUEUE_VIEWS} saved views` }] });
      }
    }
    const [saved] = await tx
      .insert(operatorSavedViews)
      .values({ userId: options.userId, name: view.name, filters: view.filters })
      .onConflictDoUpdate({ target: [operatorSavedViews.userId, operatorSavedViews.name], set: { filters: view.filters } })
      .returning({ id: operatorSavedViews.id, name: operatorSavedViews.name });
    return { viewId: saved!.id, name: saved!.name };
  });
}
