import { sql } from 'drizzle-orm';
import type { Database, Executor, Unlisten } from '../../db/client';

/**
 * The change signal behind the checkout's live status (docs/architecture.md, "Live checkout
 * status"). Every pay-in transition NOTIFYs this channel with the order id inside its own
 * transaction, so PostgreSQL delivers it only on commit and never for a rolled-back change; any
 * process (web, scheduler) that changes an order wakes every process holding a buyer's page open.
 * The same works on PGlite. The payload is the id alone: listeners re-read what they may show.
 */
export const PAYIN_CHANGED_CHANNEL = 'corridor_payin_changed';

export async function signalPayinChanged(tx: Executor, orderId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${PAYIN_CHANGED_CHANNEL}, ${orderId})`);
}

type Listener = () => void;

/**
 * One LISTEN per process, fanned out to the open checkout pages by order id: a thousand buyers
 * waiting cost one connection, not a thousand.
 */
export class PayinChangeFeed {
  private readonly listeners = new Map<string, Set<Listener>>();
  private listening: Promise<Unlisten> | null = null;

  constructor(private readonly listen: Database['listen']) {}

  /** Calls `listener` after each committed change of the order; resolves once LISTEN is active. */
  async subscribe(orderId: string, listener: Listener): Promise<() => void> {
    this.listening ??= this.listen(PAYIN_CHANGED_CHANNEL, (payload) => this.dispatch(payload)).catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    await this.listening;
    let set = this.listeners.get(orderId);
    if (!set) this.listeners.set(orderId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(orderId) === set) this.listeners.delete(orderId);
    };
  }

  /** Open subscriptions, for tests and the metrics. */
  get size(): number {
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }

  private dispatch(orderId: string): void {
    for (const listener of [...(this.listeners.get(orderId) ?? [])]) listener();
  }
}

// One feed per database per process, shared through globalThis like the database itself (Next's
// route handlers and the custom server load modules separately).
const globalKey = Symbol.for('corridor.payinChangeFeed');
type Holder = { [globalKey]?: WeakMap<Database, PayinChangeFeed> };

export function payinChangeFeedOf(database: Database): PayinChangeFeed {
  const holder = globalThis as Holder;
  const feeds = (holder[globalKey] ??= new WeakMap());
  let feed = feeds.get(database);
  if (!feed) feeds.set(database, (feed = new PayinChangeFeed((channel, onPayload) => database.listen(channel, onPayload))));
  return feed;
}
