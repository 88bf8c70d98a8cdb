import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { inject } from 'vitest';
import { connect, type Database } from '../../db/client';
import './provided';

export interface TestDatabase extends Database {
  /** PostgreSQL connection string of this database (undefined on PGlite). */
  url: string | undefined;
}

/**
 * A fresh, migrated database of its own for one test file: a copy of the template on PostgreSQL
 * when TEST_DATABASE_URL is set, else an in-memory PGlite loaded from the migrated dump.
 * `kind: 'pglite'` forces the embedded database, for the tests that cover that path.
 */
export async function createTestDatabase(options: { kind?: 'pglite'; maxConnections?: number } = {}): Promise<TestDatabase> {
  const source = inject('testDb');
  if (source.kind === 'postgres' && options.kind !== 'pglite') {
    const name = `corridor_t_${randomBytes(6).toString('hex')}`;
    const admin = postgres(source.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}" template "${source.template}"`);
    const url = withDatabase(source.adminUrl, name);
    const database = connect({ url, maxConnections: options.maxConnections ?? 20 });
    return {
      ...database,
      url,
      close: async () => {
        await database.close();
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteDump'));
  const pglite = new PGlite({ loadDataDir: new Blob([dump]) });
  return { ...connect({ pglite }), url: undefined };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
