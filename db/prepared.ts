import type { Executor } from './client';

/**
 * A prepared Drizzle query, built once per database handle instead of on every call (building a
 * wide select costs more CPU than PostgreSQL spends answering it: docs/performance.md). Handles
 * that go away (transactions, test databases) take their entries with them.
 */
export function preparedPerDatabase<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
