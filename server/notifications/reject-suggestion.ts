import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankNotifications } from '../../db/schema';
import { DomainError } from '../errors';

/** The trader turns a suggested match down: the notification stays in the feed as `rejected`, no order changes. */
export async function rejectSuggestion(db: Db, options: { traderId: string; notificationId: string }) {
  const [updated] = await db
    .update(bankNotifications)
    .set({ matchStatus: 'rejected' })
    .where(
      and(eq(bankNotifications.id, options.notificationId), eq(bankNotifications.traderId, options.traderId), eq(bankNotifications.matchStatus, 'suggested')),
    )
    .returning({ id: bankNotifications.id });
  if (!updated) throw new DomainError('SUGGESTION_NOT_FOUND', 'No suggested match of yours has this id.');
  return { id: updated.id, matchStatus: 'rejected' as const };
}
