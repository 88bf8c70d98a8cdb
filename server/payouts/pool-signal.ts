import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { onNotification } from '../../db/notification-feed';

/**
 * The "task pool changed" signal (docs/architecture.md, "Live task pool"): PostgreSQL
 * LISTEN/NOTIFY, on postgres and PGlite alike. It carries no data, only "look again": whoever
 * listens reads the pool through its usual scoped query, so nothing of an order leaves this way.
 */
const POOL_CHANNEL = 'corridor_pool';

/**
 * Sent in the transaction that puts a payout into the pool or takes it out. NOTIFY is
 * transactional: it reaches listeners only once the change is committed (they read the new rows,
 * never a state about to be rolled back), and several in one transaction arrive as one.
 */
export function signalPoolChange(tx: Executor): Promise<unknown> {
  return tx.execute(sql.raw(`notify ${POOL_CHANNEL}`));
}

/** Calls `onChange` after each committed pool change until the returned function is called. */
export function onPoolChange(database: Database, onChange: () => void): Promise<() => void> {
  return onNotification(database, POOL_CHANNEL, onChange);
}
