import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { connect, type Database } from './client';

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

// Any fixed number: every process that migrates takes this lock, so two servers starting at once
// do not apply the same migration twice.
const MIGRATION_LOCK = 727_270_001;

/**
 * Applies the committed SQL migrations. For PostgreSQL it uses a dedicated single connection that
 * holds an advisory lock for the duration; PGlite has one connection and one owner process anyway.
 */
export async function migrateDatabase(target: { url?: string; database?: Database }): Promise<void> {
  if (target.url) {
    const database = connect({ url: target.url, maxConnections: 1 });
    try {
      await database.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
      await migratePostgres(database.db as unknown as PostgresJsDatabase, { migrationsFolder });
      await database.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    } finally {
      await database.close();
    }
    return;
  }
  if (!target.database || target.database.kind !== 'pglite') {
    throw new Error('migrateDatabase needs a PostgreSQL url or an open PGlite database');
  }
  await migratePglite(target.database.db as unknown as PgliteDatabase, { migrationsFolder });
}
