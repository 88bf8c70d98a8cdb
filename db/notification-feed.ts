import type { Database, Unlisten } from './client';

type Listener = () => void;

interface Hub {
  listening: Promise<Unlisten>;
  /** Woken by every notification on the channel. */
  everyone: Set<Listener>;
  /** Woken only by notifications whose payload is the key (an order id). */
  byPayload: Map<string, Set<Listener>>;
}

// One LISTEN per process, database and channel, shared through globalThis like the database itself
// (Next's route handlers and the custom server load modules separately): a thousand open pages
// cost one connection, not a thousand.
const hubsKey = Symbol.for('corridor.notificationHubs');
type Holder = { [hubsKey]?: WeakMap<Database, Map<string, Hub>> };

function hubOf(database: Database, channel: string): Hub {
  const holder = globalThis as Holder;
  const byDatabase = (holder[hubsKey] ??= new WeakMap());
  let hubs = byDatabase.get(database);
  if (!hubs) byDatabase.set(database, (hubs = new Map()));
  const existing = hubs.get(channel);
  if (existing) return existing;
  const everyone = new Set<Listener>();
  const byPayload = new Map<string, Set<Listener>>();
  const created: Hub = {
    everyone,
    byPayload,
    listening: database.listen(channel, (payload) => {
      for (const listener of [...everyone, ...(byPayload.get(payload) ?? [])]) listener();
    }),
  };
  // A failed LISTEN is tried again by the next subscriber rather than remembered.
  created.listening.catch(() => hubs.delete(channel));
  hubs.set(channel, created);
  return created;
}

/**
 * Calls `listener` after each committed NOTIFY on `channel` (PostgreSQL and PGlite deliver a
 * notification only once its transaction commits, never after a rollback), or only after those
 * whose payload is `payload` when one is given. Resolves once LISTEN is active, to the function
 * that stops this subscription. Notifications carry ids at most: listeners re-read what they may
 * show through their own scoped queries.
 */
export async function onNotification(database: Database, channel: string, listener: Listener, payload?: string): Promise<() => void> {
  const hub = hubOf(database, channel);
  await hub.listening;
  if (payload === undefined) {
    hub.everyone.add(listener);
    return () => hub.everyone.delete(listener);
  }
  let set = hub.byPayload.get(payload);
  if (!set) hub.byPayload.set(payload, (set = new Set()));
  set.add(listener);
  const listeners = set;
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && hub.byPayload.get(payload) === listeners) hub.byPayload.delete(payload);
  };
}
