import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Tx } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { signal } from '../../tests/signal';
import { isDomainError } from '../errors';
import { withIdempotency, type StoredResponse } from './with-idempotency';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const scopeOf = (key = 'k') => ({ principalId: randomUUID(), endpoint: 'POST /test', key, requestHash: 'hash-1' });

/** A first request whose effect runs until `release()`: the key is in flight meanwhile. */
function heldRequest(scope: ReturnType<typeof scopeOf>, outcome: () => StoredResponse) {
  const { fired: held, fire: release } = signal();
  const { fired: running, fire: started } = signal();
  const done = withIdempotency(database.db, { scope, now: new Date(), effect: async () => {
    started();
    await held;
    return outcome();
  } });
  return { running, release, done };
}

/**
 * Resolves once some backend of this database waits for a lock (the duplicate on the key's row),
 * or once `second` has settled without waiting (then its assertion says what it got instead).
 */
async function someoneWaitsForALock(second: Promise<unknown>): Promise<void> {
  let settled = false;
  second.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    const rows = rowsOf<{ waiting: number }>(
      await database.db.execute(sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`),
    );
    if (Number(rows[0]?.waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('an Idempotency-Key is claimed by its own in-flight record, not by an advisory lock', () => {
  it('a key past its retention is free again: the effect runs and the new record replaces the old', async () => {
    const scope = scopeOf();
    const past = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await database.db.execute(sql`
      insert into idempotency_records (principal_id, endpoint, key, request_hash, state, response_status, response_body, created_at, expires_at)
      values (${scope.principalId}, ${scope.endpoint}, ${scope.key}, 'other-hash', 'done', 201, '{"old":true}', ${past.toISOString()}, ${new Date(past.getTime() + 1000).toISOString()})`);
    const outcome = await withIdempotency(database.db, { scope, now: new Date(), effect: async () => ({ status: 201, body: { fresh: true } }) });
    expect(outcome).toEqual({ status: 201, body: { fresh: true }, replayed: false });
    const replay = await withIdempotency(database.db, { scope, now: new Date(), effect: async () => ({ status: 500, body: null }) });
    expect(replay).toEqual({ status: 201, body: { fresh: true }, replayed: true });
  });

  it("leaves the effect the database's own lock timeout: only the claim waits briefly", async () => {
    const [setting] = rowsOf<{ lock_timeout: string }>(await database.db.execute(sql`show lock_timeout`));
    const outcome = await withIdempotency(database.db, { scope: scopeOf(), now: new Date(), effect: async (tx) => {
      const [inside] = rowsOf<{ lock_timeout: string }>(await tx.execute(sql`show lock_timeout`));
      return { status: 201, body: { lockTimeout: inside?.lock_timeout } };
    } });
    expect(outcome.body).toEqual({ lockTimeout: setting?.lock_timeout });
  });
});

// Two transactions truly at once need PostgreSQL (PGlite runs one at a time).
describe.runIf(process.env.TEST_DATABASE_URL)('a concurrent request with the same key waits on the in-flight record', () => {
  it('holds no advisory lock while the key is in flight: the record row is the claim', async () => {
    const scope = scopeOf();
    const first = heldRequest(scope, () => ({ status: 201, body: { first: true } }));
    await first.running;
    const advisory = rowsOf<{ count: number }>(await database.db.execute(sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`));
    first.release();
    await first.done;
    expect(Number(advisory[0]?.count)).toBe(0);
  });

  it('gets the first response replayed when the first request commits while it waits', async () => {
    const scope = scopeOf();
    const first = heldRequest(scope, () => ({ status: 201, body: { first: true } }));
    await first.running;
    let secondRan = false;
    const second = withIdempotency(database.db, { scope, now: new Date(), effect: async () => {
      secondRan = true;
      return { status: 201, body: { second: true } };
    } });
    await someoneWaitsForALock(second);
    first.release();
    expect(await first.done).toEqual({ status: 201, body: { first: true }, replayed: false });
    expect(await second).toEqual({ status: 201, body: { first: true }, replayed: true });
    expect(secondRan).toBe(false);
  });

  it('runs its own effect when the first request fails and rolls back while it waits', async () => {
    const scope = scopeOf();
    const first = heldRequest(scope, () => {
      throw new Error('the first request failed');
    });
    await first.running;
    const second = withIdempotency(database.db, { scope, now: new Date(), effect: async (_tx: Tx) => ({ status: 201, body: { second: true } }) });
    await someoneWaitsForALock(second);
    first.release();
    await expect(first.done).rejects.toThrow('the first request failed');
    expect(await second).toEqual({ status: 201, body: { second: true }, replayed: false });
  });

  it('gets IDEMPOTENCY_KEY_IN_USE when the first request is still in flight after the wait', async () => {
    const scope = scopeOf();
    const first = heldRequest(scope, () => ({ status: 201, body: { first: true } }));
    await first.running;
    const second = await withIdempotency(database.db, { scope, now: new Date(), effect: async () => ({ status: 201, body: {} }) }).catch((error: unknown) => error);
    first.release();
    await first.done;
    expect(isDomainError(second, 'IDEMPOTENCY_KEY_IN_USE')).toBe(true);
  });
});
