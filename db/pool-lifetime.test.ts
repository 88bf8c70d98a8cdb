import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/db/test-database';
import { pipelinedBegin } from './pipelined-begin';

/**
 * Why the pool never ends a connection for its age (db/client.ts, `max_lifetime: null`): with
 * postgres.js 3.4.9's lifetime on, a connection that ended while transactions waited for one left
 * them waiting for good. The simulation of a day (docs/routing.md) stalled this way half an hour in.
 * The same stall followed a failover's cut connections; patches/ fixes the driver (db/pool-reconnect.test.ts).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('connection lifetime (PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ maxConnections: 2 });
  });
  afterAll(async () => {
    await database.close();
  });

  /** Four loops of a transaction and a statement on a pool of two for `ms`; how many finished, and how long since the last one. */
  async function transactionsFor(client: postgres.Sql, ms: number): Promise<{ finished: number; stalledMs: number }> {
    let finished = 0;
    let last = Date.now();
    const until = Date.now() + ms;
    const loop = async () => {
      while (Date.now() < until) {
        await pipelinedBegin(client, async (sql) => {
          await sql.unsafe('select 1');
          await sql.unsafe('select pg_sleep(0.002)');
        }).catch(() => undefined);
        // And a statement outside a transaction, as a request's reads are.
        await client.unsafe('select 2').catch(() => undefined);
        finished += 1;
        last = Date.now();
      }
    };
    // Loops that stall never return: the measure is taken at the deadline, not when they end.
    void Promise.all(Array.from({ length: 4 }, loop));
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { finished, stalledMs: Date.now() - last };
  }

  it("with a lifetime, transactions waiting for a connection go on when one ends (the patched driver); the pool's own connections have none and keep going", async () => {
    const aged = postgres(database.url!, { max: 2, max_lifetime: 1, onnotice: () => {} });
    try {
      const withLifetime = await transactionsFor(aged, 8000);
      // Unpatched, the loops stalled within the first seconds and stayed stalled.
      expect(withLifetime.finished).toBeGreaterThan(50);
      expect(withLifetime.stalledMs).toBeLessThan(1000);
    } finally {
      await aged.end({ timeout: 0 });
    }

    const client = (database.db as unknown as { $client: postgres.Sql }).$client;
    expect(client.options.max_lifetime).toBeNull();
    const own = await transactionsFor(client, 3000);
    expect(own.finished).toBeGreaterThan(50);
    expect(own.stalledMs).toBeLessThan(1000);
  }, 30_000);
});
