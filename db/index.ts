import path from 'node:path';
import { env } from '../server/env';
import { connect, type Database } from './client';
import { migrateDatabase } from './migrate';
import { lockPgliteDir } from './pglite-lock';

export { connect, rowsOf, type Database, type Db, type Executor, type Tx } from './client';

// One database per process, shared through globalThis: the custom server and Next's route
// handlers load this module separately, and a PGlite data directory has exactly one owner.
const globalKey = Symbol.for('corridor.database');
type Holder = { [globalKey]?: Promise<Database> };

/** The process-wide database, connected and migrated on first use. */
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
    await migrateDatabase({ url: config.DATABASE_URL });
    return connect({ url: config.DATABASE_URL, maxConnections: config.DATABASE_POOL_SIZE });
  }
  const dataDir = path.resolve(config.PGLITE_DIR);
  const release = lockPgliteDir(dataDir);
  const database = connect({ dataDir });
  await migrateDatabase({ database });
  return {
    ...database,
    close: async () => {
      await database.close();
      release();
    },
  };
}

/** Makes `database` the process-wide one (tests hand the REST adapter their own database). */
export function setProcessDatabase(database: Database): void {
  (globalThis as Holder)[globalKey] = Promise.resolve(database);
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as Holder;
  const pending = holder[globalKey];
  delete holder[globalKey];
  if (pending) await (await pending).close();
}
