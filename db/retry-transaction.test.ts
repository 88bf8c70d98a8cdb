import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/db/test-database';
import { withIdempotency } from '../server/idempotency/with-idempotency';
import { signal } from '../tests/signal';
import { rowsOf, type Tx } from './client';
import { sqlStateOf } from './errors';
import { retryTransaction } from './retry-transaction';

/** Resolves once `parties` callers are waiting: lines two transactions up inside their locks. */
function barrier(parties: number): () => Promise<void> {
  let waiting = 0;
  const { fired: all, fire: release } = signal();
  return () => {
    waiting += 1;
    if (waiting === parties) release();
    return all;
  };
}

/** A real PostgreSQL error with the given SQLSTATE, raised by the server (wrapped by Drizzle). */
const raise = (tx: Tx, state: string) => tx.execute(sql.raw(`do $$ begin raise exception 'conflict' using errcode = '${state}'; end $$`));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table retry_probe (id int primary key, n int not null)`);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from retry_probe`);
  await database.db.execute(sql`insert into retry_probe values (1, 0), (2, 0)`);
});

const counts = async () => rowsOf<{ id: number; n: number }>(await database.db.execute(sql`select id, n from retry_probe order by id`)).map((row) => Number(row.n));

describe('retryTransaction runs a whole transaction again after a serialization failure or a deadlock, and only then', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('a real deadlock: two transactions lock two rows in opposite order; the victim runs again and both commit once', async () => {
    const bothHoldTheirFirstRow = barrier(2);
    const retries: string[] = [];
    let runs = 0;
    const lockInOrder = (first: number, second: number) =>
      retryTransaction(
        database.db,
        async (tx) => {
          const run = (runs += 1);
          await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`);
          if (run <= 2) await bothHoldTheirFirstRow();
          await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
        },
        { onRetry: (_attempt, state) => retries.push(state) },
      );
    await Promise.all([lockInOrder(1, 2), lockInOrder(2, 1)]);
    expect(retries).toEqual(['40P01']);
    expect(runs).toBe(3);
    // Each committed transaction added one to each row; the rolled-back attempt added nothing.
    expect(await counts()).toEqual([2, 2]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('a real serialization failure: two SERIALIZABLE transactions with write skew; the loser runs again', async () => {
    const bothHaveRead = barrier(2);
    const retries: string[] = [];
    let runs = 0;
    const addToOne = (id: number) =>
      retryTransaction(
        database.db,
        async (tx) => {
          const run = (runs += 1);
          const [total] = rowsOf<{ sum: number }>(await tx.execute(sql`select sum(n)::int as sum from retry_probe`));
          if (run <= 2) await bothHaveRead();
          await tx.execute(sql`update retry_probe set n = ${Number(total?.sum ?? 0) + 1} where id = ${id}`);
        },
        { config: { isolationLevel: 'serializable' }, onRetry: (_attempt, state) => retries.push(state) },
      );
    await Promise.all([addToOne(1), addToOne(2)]);
    // At least the loser's first run fails; a retry that starts before the winner has committed can
    // fail again on a busy machine, and is run again too. Only serialization failures are retried.
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(new Set(retries)).toEqual(new Set(['40001']));
    // Serial order: the first sees 0 and writes 1, the retried one sees 1 and writes 2.
    expect((await counts()).sort()).toEqual([1, 2]);
  });

  it('a non-retryable error (a unique violation) is thrown after one run', async () => {
    let runs = 0;
    const failure = await retryTransaction(database.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`insert into retry_probe values (1, 0)`);
    }).catch((error: unknown) => error);
    expect(sqlStateOf(failure)).toBe('23505');
    expect(runs).toBe(1);
  });

  it('the runs are bounded: a conflict every time is thrown after the third run, and nothing of any run stays', async () => {
    let runs = 0;
    const failure = await retryTransaction(database.db, async (tx) => {
      runs += 1;
      await tx.execute(sql`update retry_probe set n = n + 1 where id = 1`);
      await raise(tx, '40001');
    }).catch((error: unknown) => error);
    expect(sqlStateOf(failure)).toBe('40001');
    expect(runs).toBe(3);
    expect(await counts()).toEqual([0, 0]);
  });

  it('inside a transaction already it runs once: only the outermost transaction can start over', async () => {
    let runs = 0;
    const failure = await database.db
      .transaction((outer) =>
        retryTransaction(outer, async (tx) => {
          runs += 1;
          await raise(tx, '40P01');
        }),
      )
      .catch((error: unknown) => error);
    expect(sqlStateOf(failure)).toBe('40P01');
    expect(runs).toBe(1);
  });

  it('a retried idempotent create makes its effect and its record once: the failed run was rolled back whole', async () => {
    const scope = { principalId: randomUUID(), endpoint: 'POST /test', key: 'retry-1', requestHash: 'h' };
    let runs = 0;
    const effect = async (tx: Tx) => {
      runs += 1;
      await tx.execute(sql`insert into retry_probe values (10, ${runs})`);
      if (runs === 1) await raise(tx, '40001');
      return { status: 201, body: { runs } };
    };
    const first = await withIdempotency(database.db, { scope, now: new Date(), effect });
    expect(first).toEqual({ status: 201, body: { runs: 2 }, replayed: false });
    const again = await withIdempotency(database.db, { scope, now: new Date(), effect });
    expect(again).toEqual({ status: 201, body: { runs: 2 }, replayed: true });
    expect(runs).toBe(2);
    const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select n from retry_probe where id = 10`));
    expect(rows.map((row) => Number(row.n))).toEqual([2]);
    const records = rowsOf<{ count: number }>(await database.db.execute(sql`select count(*)::int as count from idempotency_records where principal_id = ${scope.principalId}`));
    expect(Number(records[0]?.count)).toBe(1);
  });
});
