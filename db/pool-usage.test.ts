import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/db/test-database';
import { signal } from '../tests/signal';
import { connect } from './client';
import { poolUsage } from './pool-usage';

describe.runIf(process.env.TEST_DATABASE_URL)('pool usage for /metrics (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 2 });
  });
  afterAll(async () => {
    await database.close();
  });

  it('counts transactions holding a connection and those waiting for one, and forgets them when they end', async () => {
    const before = { ...poolUsage() };
    const { fired: held, fire: release } = signal();
    const transactions = Array.from({ length: 3 }, () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      }),
    );
    await expect.poll(() => poolUsage().inTransaction - before.inTransaction).toBe(2);
    expect(poolUsage().waiting - before.waiting).toBe(1);
    release();
    await Promise.all(transactions);
    expect(poolUsage()).toMatchObject({ inTransaction: before.inTransaction, waiting: before.waiting });
  });

  it('counts every statement sent on the pool, as many as the driver saw', async () => {
    const sent: string[] = [];
    const counted = connect({ url: database.url, maxConnections: 1, onStatement: (query) => sent.push(query) });
    try {
      // A new connection's first query brings postgres.js's own lookup of array types: not counted.
      await counted.db.execute(sql`select 1`);
      sent.length = 0;
      const before = poolUsage().statements;
      await counted.db.execute(sql`select 1`);
      await counted.db.transaction(async (tx) => {
        await tx.execute(sql`select 2`);
        await tx.transaction(async (inner) => {
          await inner.execute(sql`select 3`);
        });
      });
      const rolledBack = counted.db.transaction(async (tx) => {
        await tx.execute(sql`select 4`);
        throw new Error('rolled back');
      });
      await expect(rolledBack).rejects.toThrow('rolled back');
      // select 1; BEGIN, select 2, SAVEPOINT, select 3, COMMIT; BEGIN, select 4, ROLLBACK.
      expect(sent.map((query) => query.split(' ')[0]!.toLowerCase())).toEqual(['select', 'begin', 'select', 'savepoint', 'select', 'commit', 'begin', 'select', 'rollback']);
      expect(poolUsage().statements - before).toBe(9);
    } finally {
      await counted.close();
    }
  });

  it('does not count a transaction that never got a connection as waiting forever', async () => {
    const before = poolUsage().waiting;
    const nowhere = connect({ url: 'postgres://nobody@127.0.0.1:1/none', maxConnections: 1 });
    await expect(nowhere.db.transaction(async () => {})).rejects.toThrow();
    await nowhere.close();
    expect(poolUsage().waiting).toBe(before);
  });
});
