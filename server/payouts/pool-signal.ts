import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';

/**
 * The "task pool changed" signal (docs/architecture.md, "Live task pool"): PostgreSQL
 * LISTEN/NOTIFY, on postgres and PGlite alike. It carries no data, only "look again": whoever
 * listens reads the pool through its usual scoped query, so nothing of an order leaves this way.
 */
export const POOL_CHANNEL = 'corridor_pool';

/**
 * Sent in the transaction that puts a payout into the pool or takes it out. NOTIFY is
 * transactional: it reaches listeners only once the change is committed (they read the new rows,
 * never a state about to be rolled back), and several in one transaction arrive as one.
 */
export function signalPoolChange(tx: Executor): Promise<unknown> {
  return tx.execute(sql.raw(`notify ${POOL_CHANNEL}`));
}

type Subscriber = () => void;
interface Hub {
  subscribers: Set<Subscriber>;
  listening: Promise<unknown>;
}

// One LISTEN per process and database, shared through globalThis like the database itself (route
// handlers and the custom server load modules separately); each open page stream is a subscriber.
const hubKey = Symbol.for('corridor.poolSignal');
type Holder = { [hubKey]?: WeakMap<Database, Hub> };

/** Calls `onChange` after each committed pool change until the returned function is called. */
export async function onPoolChange(database: Database, onChange: Subscriber): Promise<() => void> {
  const holder = globalThis as Holder;
  const hubs = (holder[hubKey] ??= new WeakMap());
  let hub = hubs.get(database);
  if (!hub) {
    const subscribers = new Set<Subscriber>();
    const created: Hub = {
      subscribers,
      listening: database.listen(POOL_CHANNEL, () => {
        for (const subscriber of subscribers) subscriber();
      }),
    };
    // A failed LISTEN is tried again by the next subscriber rather than remembered.
    created.listening.catch(() => hubs.delete(database));
    hubs.set(database, created);
    hub = created;
  }
  await hub.listening;
  hub.subscribers.add(onChange);
  const subscribers = hub.subscribers;
  return () => {
    subscribers.delete(onChange);
  };
}
