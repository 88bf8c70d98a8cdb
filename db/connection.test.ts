import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/db/test-database';
import { connect, rowsOf } from './client';
import { migrateDatabase } from './migrate';
import { lockPgliteDir } from './pglite-lock';

const expectedTables = [
  'api_keys',
  'audit_log',
  'idempotency_records',
  'ledger_accounts',
  'ledger_postings',
  'ledger_transfers',
  'merchants',
  'order_transitions',
  'outbox_events',
  'payin_orders',
  'payout_orders',
  'platform_settings',
  'proof_images',
  'trader_bank_accounts',
  'trader_quotes',
  'traders',
  'used_nonces',
  'users',
  'webhook_attempts',
  'webhook_deliveries',
];

async function tableNames(db: ReturnType<typeof connect>['db']): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`),
  );
  return rows.map((row) => row.name);
}

describe('embedded database (PGlite), the default without DATABASE_URL', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('creates its data directory, applies the migrations, and keeps data across restarts', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'corridor-pglite-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'nested', 'pglite');

    const first = connect({ dataDir });
    await migrateDatabase({ database: first });
    expect(await tableNames(first.db)).toEqual(expect.arrayContaining(expectedTables));
    await first.db.execute(sql`insert into platform_settings (key, value) values ('probe', '"kept"')`);
    await first.close();

    const second = connect({ dataDir });
    await migrateDatabase({ database: second }); // applying again is a no-op
    const rows = rowsOf<{ value: string }>(await second.db.execute(sql`select value from platform_settings where key = 'probe'`));
    expect(rows).toEqual([{ value: 'kept' }]);
    await second.close();
  }, 60_000);

  it('refuses a second owner of one data directory with a clear message', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'corridor-lock-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'pglite');
    const release = lockPgliteDir(dataDir);
    // The lock is held by this process; pretend another live process (our parent) holds it.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    expect(() => lockPgliteDir(dataDir)).toThrow(/in use by process/);
    writeFileSync(`${dataDir}.lock`, String(process.pid));
    release();
  });

  it('a cloned test database is migrated and holds the system accounts', async () => {
    const database = await createTestDatabase({ kind: 'pglite' });
    expect(database.kind).toBe('pglite');
    const rows = rowsOf<{ id: string }>(await database.db.execute(sql`select id from ledger_accounts order by id`));
    expect(rows.map((row) => row.id).sort()).toEqual(['external:usdt', 'platform:fees', ...Array.from({ length: 16 }, (_, index) => `platform:fees:${index}`)].sort());
    await database.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL through postgres (DATABASE_URL)', () => {
  it('a test database copied from the migrated template has every table and the system accounts', async () => {
    const database = await createTestDatabase();
    expect(database.kind).toBe('postgres');
    expect(await tableNames(database.db)).toEqual(expect.arrayContaining(expectedTables));
    const rows = rowsOf<{ id: string }>(await database.db.execute(sql`select id from ledger_accounts order by id`));
    expect(rows.map((row) => row.id).sort()).toEqual(['external:usdt', 'platform:fees', ...Array.from({ length: 16 }, (_, index) => `platform:fees:${index}`)].sort());
    await database.close();
  });

  it('migrating an already migrated database changes nothing', async () => {
    const database = await createTestDatabase();
    await migrateDatabase({ url: database.url });
    expect(await tableNames(database.db)).toEqual(expect.arrayContaining(expectedTables));
    await database.close();
  });
});
