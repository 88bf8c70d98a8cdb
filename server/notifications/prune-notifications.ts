import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankNotifications } from '../../db/schema';
import { NOTIFICATION_RETENTION_MS } from './notification.schema';

/**
 * Notifications are kept 30 days (they hold names): older ones go. The evidence of a release stays
 * in the pay-in's timeline note and the audit log, which name the notification and its score only.
 */
export async function pruneNotifications(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(bankNotifications)
    .where(lt(bankNotifications.createdAt, new Date(now.getTime() - NOTIFICATION_RETENTION_MS)))
    .returning({ id: bankNotifications.id });
  return deleted.length;
}
