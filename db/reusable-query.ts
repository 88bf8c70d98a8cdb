import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

/** Values for the query's `sql.placeholder(name)`s. */
export type PlaceholderValues = Record<string, unknown>;

// Drizzle's internals this module relies on (drizzle-orm 0.45, both drivers): every database and
// transaction has a `session` and a `dialect`; a query builder's `_prepare()` hands the session the
// built SQL, the result fields and the row-mapping flags; the session's `prepareQuery(...)` turns
// those into an executable query bound to its own connection. reusable-query.test.ts pins them.
interface PreparedLike {
  execute(values?: PlaceholderValues): Promise<unknown>;
  joinsNotNullableMap?: unknown;
}
interface SessionLike {
  prepareQuery(...args: unknown[]): PreparedLike;
}
interface DatabaseInternals {
  session: SessionLike;
  dialect: { sqlToQuery(sql: SQL): unknown };
}
interface BuilderInternals {
  _prepare(name?: string): PreparedLike;
}

function internalsOf(db: Executor): DatabaseInternals {
  const internals = db as unknown as Partial<DatabaseInternals>;
  if (typeof internals.session?.prepareQuery !== 'function' || typeof internals.dialect?.sqlToQuery !== 'function') {
    throw new Error('reusableQuery: this Drizzle database has no session.prepareQuery/dialect.sqlToQuery');
  }
  return internals as DatabaseInternals;
}

/**
 * A Drizzle query built once and run on any database or transaction. Building a query (walking its
 * SQL chunks, naming 30 columns) costs more CPU than PostgreSQL spends running a small one, and
 * Drizzle's own `.prepare()` binds the result to one session, which a transaction never reuses
 * (docs/performance.md). Here the built SQL and its result mapping are kept, and each call hands
 * them to the executor's session, so the same code runs inside and outside transactions, on
 * PostgreSQL and on PGlite.
 *
 * Everything that varies between calls must be a `sql.placeholder(name)`: values written directly
 * into `build` are frozen at the first call.
 */
export function reusableQuery<Result>(build: (db: Executor) => PromiseLike<Result>): (db: Executor, values?: PlaceholderValues) => Promise<Result> {
  let recorded: { args: unknown[]; joinsNotNullableMap: unknown } | undefined;
  return (db, values = {}) => {
    const { session } = internalsOf(db);
    if (recorded) {
      const query = session.prepareQuery(...recorded.args);
      query.joinsNotNullableMap = recorded.joinsNotNullableMap;
      return query.execute(values) as Promise<Result>;
    }
    // First call: build against a session that records what the builder asks it to prepare.
    let args: unknown[] | undefined;
    const recorder = Object.create(session, {
      prepareQuery: { value: (...given: unknown[]) => ((args = given), session.prepareQuery(...given)) },
    }) as SessionLike;
    const builder = build(Object.create(db, { session: { value: recorder } }) as Executor) as unknown as Partial<BuilderInternals>;
    if (typeof builder._prepare !== 'function') throw new Error('reusableQuery: build must return a Drizzle query builder (select, insert, update, delete)');
    const query = builder._prepare();
    if (!args) throw new Error('reusableQuery: the builder did not prepare through its session');
    recorded = { args, joinsNotNullableMap: query.joinsNotNullableMap };
    return query.execute(values) as Promise<Result>;
  };
}

/**
 * A raw `sql` statement built once, run like `db.execute` (read its rows with `rowsOf`). The same
 * rule holds: every per-call value is a `sql.placeholder(name)`.
 */
export function reusableSql(build: () => SQL): (db: Executor, values?: PlaceholderValues) => Promise<unknown> {
  let built: unknown;
  return (db, values = {}) => {
    const { session, dialect } = internalsOf(db);
    built ??= dialect.sqlToQuery(build());
    // What `db.execute(sql)` does, minus building the SQL again.
    return session.prepareQuery(built, undefined, undefined, false).execute(values);
  };
}
