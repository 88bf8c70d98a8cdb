/**
 * How the PostgreSQL pool is used, for /metrics (docs/operations.md): transactions holding a
 * connection now, transactions asked for that wait for one, and statements sent. postgres.js keeps
 * its pool private, so the counts are kept where transactions begin and statements are handed to
 * it (db/client.ts, db/pipelined-begin.ts). Statements outside a transaction hold a connection for
 * one round trip and are not counted as holding one. Per process; on globalThis because the custom
 * server and Next's bundles load modules separately.
 */
export interface PoolUsage {
  /** Connections configured for this process's pool (0 on PGlite). */
  size: number;
  inTransaction: number;
  waiting: number;
  /**
   * Statements sent on this process's pools since it started, BEGIN and COMMIT included: a number
   * only, never their text (postgres.js's own lookup of array types on a new connection aside).
   */
  statements: number;
}

const key = Symbol.for('corridor.poolUsage');
type Holder = { [key]?: PoolUsage };

export function poolUsage(): PoolUsage {
  const holder = globalThis as Holder;
  holder[key] ??= { size: 0, inTransaction: 0, waiting: 0, statements: 0 };
  return holder[key];
}

/** Wraps a transaction's begin: waiting until its callback starts, in a transaction until it ends. */
export function countedBegin<T>(begin: (callback: (inner: T) => unknown) => Promise<unknown>, callback: (inner: T) => unknown): Promise<unknown> {
  const usage = poolUsage();
  usage.waiting += 1;
  let started = false;
  const counted = async (inner: T) => {
    started = true;
    usage.waiting -= 1;
    usage.inTransaction += 1;
    try {
      return await callback(inner);
    } finally {
      usage.inTransaction -= 1;
    }
  };
  return begin(counted).finally(() => {
    // The connection or BEGIN failed before the callback ran.
    if (!started) usage.waiting -= 1;
  });
}
