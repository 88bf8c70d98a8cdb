import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { pipelinedBegin } from './pipelined-begin';
import { countedBegin, poolUsage } from './pool-usage';
import * as schema from './schema';

type Schema = typeof schema;

/** What the domain code sees: the Drizzle API both drivers share. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Code that can run inside or outside a transaction takes either. */
export type Executor = Db | Tx;

type DatabaseKind = 'postgres' | 'pglite';

/** Stops one LISTEN. */
export type Unlisten = () => Promise<void>;

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
  /**
   * LISTEN on a channel: `onPayload` gets each NOTIFY's payload once the notifying transaction
   * commits. postgres opens one dedicated connection for all of a client's listens; PGlite has one.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten>;
}

export interface ConnectOptions {
  /** PostgreSQL connection string; when absent, the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; created when missing. In memory when absent. */
  dataDir?: string;
  /** An existing PGlite instance (tests clone a migrated one). */
  pglite?: PGlite;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Called with the text of every statement sent to PostgreSQL (BEGIN and COMMIT included): the
   * statement counts of docs/performance.md are measured with it. For tests only: with it, postgres.js also makes
   * the parameters of a failed query enumerable on its error.
   */
  onStatement?: (query: string) => void;
}

const CONNECT_TIMEOUT_SECONDS = 3;

/**
 * Seconds before a pool connection tries again after a failed connect; `failures` counts the
 * pool's failures in a row. postgres.js grows this to 20 s, so a pool that failed through a
 * failover's few seconds would sit idle for many more after the new primary is up: here it grows
 * from 50 ms to at most 1 s, jittered, until a connect succeeds.
 */
function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.05 * 2 ** failures, 1) * (0.5 + Math.random() / 2);
}

export function connect(options: ConnectOptions): Database {
  if (options.url) {
    const client = postgres(options.url, {
      max: options.maxConnections ?? 10,
      // A URL may list a primary and its standbys (docs/deploy.md, "Failover"): a host that does not
      // answer is given up on in seconds, so the next one is tried while a failover is under way.
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      backoff: reconnectDelaySeconds,
      // No recycling by age. postgres.js ends each connection 30 to 60 minutes after it opened, and
      // when one ended while a transaction waited for a connection (db/pipelined-begin.ts reserves one)
      // that wait was never answered: after the first half hour under load a process's transactions
      // stalled for good. patches/ fixes that in the driver (db/pool-lifetime.test.ts); PostgreSQL's
      // own idle_session_timeout or a pooler is still the place to recycle backends, if ever needed.
      max_lifetime: null,
      onnotice: () => {},
      ...(options.onStatement ? { debug: (_connection: number, query: string) => options.onStatement?.(query) } : {}),
      // numeric and timestamptz stay as the driver gives them: strings for numeric (no float).
    });
    poolUsage().size += options.maxConnections ?? 10;
    const db = drizzlePostgres({ client: preparing(client, true), schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      listen: async (channel, onPayload) => {
        const request = await client.listen(channel, onPayload);
        return () => request.unlisten();
      },
      close: async () => {
        poolUsage().size -= options.maxConnections ?? 10;
        await client.end({ timeout: 5 });
      },
    };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = new PGlite(options.dataDir);
  }
  const client = pglite;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}

/** Marks a client `preparing` has patched. */
const PREPARING = Symbol('corridor.preparing');

/**
 * Drizzle sends every query unprepared unless it is built with `.prepare(name)`, so PostgreSQL
 * parses and plans each one again; `postgres` can keep a prepared statement per query text and
 * connection. Drizzle's SQL text is stable per call site (values are always parameters), so every
 * query is prepared: measured in docs/performance.md.
 */
function preparing<T extends postgres.Sql | postgres.TransactionSql>(client: T, root = false): T {
  // A transaction's savepoints hand their callback the transaction's own `sql`: patched once.
  if ((client as Partial<Record<typeof PREPARING, true>>)[PREPARING]) return client;
  const unsafe = client.unsafe.bind(client);
  const usage = poolUsage();
  const patched: Record<string | symbol, unknown> = {
    [PREPARING]: true,
    unsafe: (query: string, args?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) => {
      // Counted for /metrics (corridor_db_statements_total): here the statements outside a
      // transaction, a transaction's own on its connection (db/pipelined-begin.ts). Not through
      // postgres.js `debug` (onStatement): that also records a stack per query and makes a failed
      // query's parameters enumerable on its error.
      if (root) usage.statements += 1;
      return unsafe(query, args, { ...options, prepare: (args?.length ?? 0) > 0 });
    },
  };
  if (root) {
    // BEGIN travels with the first statement (db/pipelined-begin.ts). A top-level transaction takes
    // a pool connection: counted for /metrics (db/pool-usage.ts).
    patched.begin = (callback: (inner: postgres.TransactionSql) => unknown) =>
      countedBegin(
        (counted) => pipelinedBegin(client as postgres.Sql, counted),
        (inner: postgres.TransactionSql) => callback(preparing(inner)),
      );
  } else {
    const savepoint = (client as postgres.TransactionSql).savepoint.bind(client);
    patched.savepoint = (callback: (inner: postgres.TransactionSql) => unknown) => savepoint((inner) => callback(preparing(inner)));
  }
  return Object.assign(client, patched);
}

/**
 * Rows of a raw `db.execute(sql...)`: postgres returns an array, PGlite an object with `rows`.
 * Domain code that needs raw SQL goes through this so it runs on both.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
