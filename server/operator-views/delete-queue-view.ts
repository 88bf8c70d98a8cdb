import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorSavedViews } from '../../db/schema';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import { deleteQueueViewInput } from './queue-view.schema';

/** Deletes one of the operator's own saved views (another operator's is "not found"). */
export async function deleteQueueView(db: Db, options: { userId: string; viewId: string }): Promise<void> {
  const { viewId } = parseInput(deleteQueueViewInput, { viewId: options.viewId });
  const deleted = await db
    .delete(operatorSavedViews)
    .where(and(eq(operatorSavedViews.id, viewId), eq(operatorSavedViews.userId, options.userId)))
    .returning({ id: operatorSavedViews.id });
  if (deleted.length === 0) throw new DomainError('NOT_FOUND', 'No such saved view.');
}
