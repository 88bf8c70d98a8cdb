import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { rowsOf, type Db } from './client';
import { migrationsFolder } from './migrate';

export interface MigrationStatus {
  /** Migrations in the repository that the database has not applied yet. */
  pending: number;
  applied: number;
}

// The files do not change while a process runs, and /readyz asks every few seconds: read them once.
let committed: ReturnType<typeof readMigrationFiles> | undefined;
const committedMigrations = () => (committed ??= readMigrationFiles({ migrationsFolder }));

/**
 * Compares the committed migrations with the ones the database recorded, the way Drizzle's migrator
 * decides what to apply (by each migration's creation time). Production processes refuse to serve
 * a database that is behind (`npm run migrate` is a deploy step of its own) and /readyz reports it.
 */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const files = committedMigrations();
  const [exists] = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!exists?.present) return { pending: files.length, applied: 0 };
  const [last] = rowsOf<{ created_at: string | number | null; count: string | number }>(
    await db.execute(sql`select max(created_at) as created_at, count(*) as count from drizzle.__drizzle_migrations`),
  );
  const lastAt = last?.created_at === null || last?.created_at === undefined ? -1 : Number(last.created_at);
  return { pending: files.filter((file) => file.folderMillis > lastAt).length, applied: Number(last?.count ?? 0) };
}
