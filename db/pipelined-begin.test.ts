import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/db/test-database';
import { rowsOf } from './client';
import { AbortedTransactionError, connectionLost } from './pipelined-begin';

// Transactions on the PostgreSQL pool send BEGIN with their first statement (db/pipelined-begin.ts).
// These check that what `sql.begin` promised still holds, on one connection so that a connection
// not given back, or given back broken, shows in the next transaction.
describe.runIf(process.env.TEST_DATABASE_URL)('transactions with BEGIN sent ahead (PostgreSQL)', () => {
  let database: TestDatabase;
  let admin: postgres.Sql;
  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 1 });
    admin = postgres(database.url!, { max: 1, onnotice: () => {} });
    await database.db.execute(sql`create table probe (id int primary key, note text)`);
  });
  afterAll(async () => {
    await admin.end();
    await database.close();
  });

  const notes = async () =>
    rowsOf<{ note: string }>(await database.db.execute(sql`select note from probe order by id`)).map((row) => row.note);
  const clear = () => database.db.execute(sql`delete from probe`);

  it('runs every statement in one transaction and commits when the callback resolves', async () => {
    await clear();
    const ids = await database.db.transaction(async (tx) => {
      const first = rowsOf<{ id: string }>(await tx.execute(sql`select pg_current_xact_id()::text as id`));
      await tx.execute(sql`insert into probe values (1, 'kept')`);
      const second = rowsOf<{ id: string }>(await tx.execute(sql`select pg_current_xact_id()::text as id`));
      return [first[0]!.id, second[0]!.id];
    });
    expect(ids[0]).toBe(ids[1]);
    expect(await notes()).toEqual(['kept']);
  });

  it('rolls back everything when the callback throws, and the connection serves the next transaction', async () => {
    await clear();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (1, 'lost')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await notes()).toEqual([]);
    await database.db.transaction((tx) => tx.execute(sql`insert into probe values (2, 'after')`));
    expect(await notes()).toEqual(['after']);
  });

  it('fails, and commits nothing, when a statement failed and the callback did not notice', async () => {
    await clear();
    const outcome = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (1, 'before')`);
      await tx.execute(sql`insert into probe values (1, 'duplicate')`).catch(() => undefined);
    });
    await expect(outcome).rejects.toBeInstanceOf(AbortedTransactionError);
    expect(await notes()).toEqual([]);
  });

  it('rolls a nested transaction back to its savepoint and keeps the rest', async () => {
    await clear();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (1, 'outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into probe values (2, 'inner')`);
          await inner.transaction((innermost) => innermost.execute(sql`insert into probe values (3, 'innermost')`));
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
      await tx.transaction((sibling) => sibling.execute(sql`insert into probe values (4, 'sibling')`));
    });
    expect(await notes()).toEqual(['outer', 'sibling']);
  });

  it('waits for the one connection: transactions asked for together run one after another', async () => {
    await clear();
    await Promise.all(
      [1, 2, 3].map((id) =>
        database.db.transaction(async (tx) => {
          const rows = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from probe`));
          await tx.execute(sql`insert into probe values (${id}, ${String(rows[0]!.n)})`);
        }),
      ),
    );
    // Each saw the ones before it committed: no two shared a connection or a transaction.
    expect(await notes()).toEqual(['0', '1', '2']);
  });

  it('rolls back after a statement cancelled by its timeout, and gives the live connection back', async () => {
    await clear();
    const outcome = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (1, 'lost')`);
      await tx.execute(sql`set local statement_timeout = 50`);
      await tx.execute(sql`select pg_sleep(1)`);
    });
    await expect(outcome).rejects.toMatchObject({ cause: { code: '57014' } });
    await database.db.transaction((tx) => tx.execute(sql`insert into probe values (2, 'same connection')`));
    expect(await notes()).toEqual(['same connection']);
  });
});

describe('which errors mean the connection is gone', () => {
  it('names the driver\'s and the socket\'s, and PostgreSQL ending the session, however wrapped', () => {
    expect(connectionLost({ code: 'CONNECTION_CLOSED' })).toBe(true);
    expect(connectionLost(new Error('query failed', { cause: { code: 'ECONNRESET' } }))).toBe(true);
    expect(connectionLost({ code: '57P01' })).toBe(true);
    expect(connectionLost({ code: '08006' })).toBe(true);
    // A cancelled statement, a constraint, a domain refusal: the connection lives on.
    expect(connectionLost({ code: '57014' })).toBe(false);
    expect(connectionLost(new Error('x', { cause: { code: '23505' } }))).toBe(false);
    expect(connectionLost({ code: 'EXPIRED' })).toBe(false);
    expect(connectionLost(new Error('refused'))).toBe(false);
  });
});
