import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { onNotification } from '../../db/notification-feed';

/**
 * The change signal behind the checkout's live status (docs/architecture.md, "Live checkout
 * status"). Every pay-in transition NOTIFYs this channel with the order id inside its own
 * transaction, so PostgreSQL delivers it only on commit and never for a rolled-back change; any
 * process (web, scheduler) that changes an order wakes every process holding a buyer's page open.
 * The same works on PGlite. The payload is the id alone: listeners re-read what they may show.
 */
const PAYIN_CHANGED_CHANNEL = 'corridor_payin_changed';

export async function signalPayinChanged(tx: Executor, orderId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${PAYIN_CHANGED_CHANNEL}, ${orderId})`);
}

/** Calls `listener` after each committed change of the order until the returned function is called. */
export function onPayinChange(database: Database, orderId: string, listener: () => void): Promise<() => void> {
  return onNotification(database, PAYIN_CHANGED_CHANNEL, listener, orderId);
}
