import path from 'node:path';
import { env } from '../config/env';
import { connect, type Database } from './client';
import { migrateDatabase } from './migrate';
import { migrationStatus } from './migration-status';
import { lockPgliteDir } from './pglite-lock';
import { readPoolUrl } from './read-url';

export type { Database } from './client';

// One database per process, shared through globalThis: the custom server and Next's route
// handlers load this module separately, and a PGlite data directory has exactly one owner.
const globalKey = Symbol.for('corridor.database');
const readKey = Symbol.for('corridor.read-database');
type Holder = { [globalKey]?: Promise<Database>; [readKey]?: Promise<Database> };

/**
 * The process-wide database, connected on first use. The demo migrates it then; production never
 * changes the schema implicitly (`npm run migrate` is a deploy step) and refuses a database that
 * is behind the code.
 */
export function getDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  holder[globalKey] ??= open().catch((error: unknown) => {
    delete holder[globalKey];
    throw error;
  });
  return holder[globalKey];
}

async function open(): Promise<Database> {
  const config = env();
  if (config.DATABASE_URL) {
    if (config.demo) await migrateDatabase({ url: config.DATABASE_URL });
    const database = connect({ url: config.DATABASE_URL, maxConnections: config.DATABASE_POOL_SIZE });
    if (config.production) await refuseIfBehind(database);
    return database;
  }
  const dataDir = path.resolve(config.PGLITE_DIR);
  const release = lockPgliteDir(dataDir);
  const database = connect({ dataDir });
  if (config.demo) await migrateDatabase({ database });
  else await refuseIfBehind(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      release();
    },
  };
}

/**
 * The pool for reads that tolerate seconds of staleness, and only those: the statement CSV export,
 * operator search and the operator metrics (docs/deploy.md, "Reads off the primary"). Anything a
 * caller reads right after writing it stays on getDatabase(). Without DATABASE_READ_URL this is
 * the primary's pool. Transports choose it; domain functions take whichever Db they are given.
 */
export function getReadDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  const url = env().DATABASE_READ_URL;
  if (!url) return holder[readKey] ?? getDatabase();
  holder[readKey] ??= Promise.resolve(connect({ url: readPoolUrl(url), maxConnections: env().DATABASE_READ_POOL_SIZE ?? env().DATABASE_POOL_SIZE }));
  return holder[readKey];
}

async function refuseIfBehind(database: Database): Promise<void> {
  const status = await migrationStatus(database.db);
  if (status.pending === 0) return;
  await database.close();
  throw new Error(`The database is ${status.pending} migration(s) behind this release. Run \`npm run migrate\` first (a deploy step of its own in production; see docs/deploy.md).`);
}

/** Makes `database` the process-wide one (tests hand the REST adapter their own database). */
export function setProcessDatabase(database: Database): void {
  (globalThis as Holder)[globalKey] = Promise.resolve(database);
}

/** Makes `database` the process-wide read pool (tests hand it a standby's). */
export function setProcessReadDatabase(database: Database): void {
  (globalThis as Holder)[readKey] = Promise.resolve(database);
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const reads = holder[readKey];
  delete holder[readKey];
  if (reads) await (await reads).close();
  const pending = holder[globalKey];
  delete holder[globalKey];
  if (pending) await (await pending).close();
}
