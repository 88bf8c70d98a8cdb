import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/db/test-database';
import { connect, rowsOf } from './client';
import { readPoolUrl } from './read-url';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('readPoolUrl', () => {
  it('asks a multi-host URL for a standby first', () => {
    expect(readPoolUrl('postgres://corridor@a.db:5432,b.db:5432/corridor')).toBe('postgres://corridor@a.db:5432,b.db:5432/corridor?target_session_attrs=prefer-standby');
    expect(readPoolUrl('postgres://corridor@a.db,b.db/corridor?sslmode=require')).toBe('postgres://corridor@a.db,b.db/corridor?sslmode=require&target_session_attrs=prefer-standby');
  });

  it("keeps the URL's own choice", () => {
    const url = 'postgres://corridor@a.db:5432,b.db:5432/corridor?sslmode=require&target_session_attrs=standby';
    expect(readPoolUrl(url)).toBe(url);
  });
});

describe('a read pool with no standby to prefer', () => {
  it('reads the primary rather than failing', async ({ skip }) => {
    if (!database.url) return skip('PostgreSQL only: PGlite has no read pool');
    const reads = connect({ url: readPoolUrl(database.url), maxConnections: 1 });
    try {
      const [row] = rowsOf<{ recovery: boolean }>(await reads.db.execute(sql`select pg_is_in_recovery() as recovery`));
      expect(row).toEqual({ recovery: false });
    } finally {
      await reads.close();
    }
  });
});
