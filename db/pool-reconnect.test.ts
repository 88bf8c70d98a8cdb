import { createServer, connect as connectTcp, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuttableProxy, type CuttableProxy } from '../tests/db/cuttable-proxy';
import { createTestDatabase, type TestDatabase } from '../tests/db/test-database';
import { connect, rowsOf, type Database } from './client';

/**
 * The pool when its connections are cut, as when the primary's machine dies (docs/deploy.md,
 * "Failover"). Each connection the cut closes reconnects for the first transaction waiting in line;
 * postgres.js 3.4.9 dropped that transaction's reservation there, and it never ran nor failed: after
 * a failover a node's request, scheduler tick or graceful stop waited for good (docs/operations.md,
 * "Failover, proven"). patches/ fixes the driver; this holds it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the pool across a cut (PostgreSQL)', () => {
  let database: TestDatabase;
  let proxy: CuttableProxy;
  let served: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url!);
    proxy = await cuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    // Two hosts and a primary asked for, as DATABASE_URL lists a formation: the driver then tries
    // the hosts again until one answers instead of failing the first waiter.
    const address = `127.0.0.1:${proxy.port}`;
    served = connect({ url: `postgres://${direct.username}@${address},${address}${direct.pathname}?target_session_attrs=primary`, maxConnections: 2 });
  });
  afterAll(async () => {
    await served.close();
    await proxy.close();
    await database.close();
  });

  it('runs every transaction that waited for a connection once the database is back', async () => {
    // Both connections open first: a statement that opens one rides its connect and would wait out the cut.
    await Promise.all([1, 2].map(() => served.db.execute(sql`select pg_sleep(0.1)`)));
    const busy = [1, 2].map(() => served.db.execute(sql`select pg_sleep(1)`).catch(() => 'cut'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Both connections busy: these wait in line for one.
    const waiting = [1, 2, 3].map((n) =>
      served.db.transaction(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select ${n}::int as n`))[0]!.n).then(
        (n) => `ran ${n}`,
        (error: unknown) => `failed: ${String(error)}`,
      ),
    );
    proxy.cut();
    setTimeout(() => proxy.restore(), 300);
    expect(await Promise.all(busy)).toEqual(['cut', 'cut']);
    const settled = await Promise.all(waiting.map((outcome) => Promise.race([outcome, new Promise((resolve) => setTimeout(() => resolve('never settled'), 5_000))])));
    expect(settled).toEqual(['ran 1', 'ran 2', 'ran 3']);
  }, 20_000);

  it('fails the statement a connection was opened for, and only it, when the connection is lost while it starts', async () => {
    // The driver's own first statement on a new connection (the array types) is cut, as when the
    // machine dies just after accepting it: postgres.js 3.4.9 also left that statement's failure as
    // a rejection nobody handled, which ends a Node process.
    const direct = new URL(database.url!);
    const resetting = createServer((client) => {
      const upstream = connectTcp(Number(direct.port || 5432), direct.hostname);
      let writes = 0;
      client.on('data', (chunk: Buffer) => {
        writes += 1;
        if (writes === 1) upstream.write(chunk);
        else {
          client.resetAndDestroy();
          upstream.destroy();
        }
      });
      upstream.on('data', (chunk: Buffer) => client.write(chunk));
      for (const socket of [client, upstream]) socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', note);
    const client = postgres(`postgres://${direct.username}@127.0.0.1:${(resetting.address() as AddressInfo).port}${direct.pathname}`, { max: 1, onnotice: () => {} });
    try {
      const outcome = await client`select 1 as x`.then(
        () => 'ran',
        (error: { code?: string }) => error.code,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(outcome).toBe('ECONNRESET');
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
      await client.end({ timeout: 0 });
      await new Promise((resolve) => resetting.close(resolve));
    }
  });
});
