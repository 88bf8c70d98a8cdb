import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../app/_trpc/root';
import { contextFor } from '../app/_trpc/init';
import type { Balance, Payout, PayoutCreated } from '../clients/node/corridor-client';
import { AutoFailoverCluster, type HaNode } from '../scripts/ha/auto-failover-cluster';
import { CLIENT_ADDRESS_HEADER } from '../server/http/client-address';
import { resetRateLimits } from '../server/rate-limit/token-bucket';
import { apiMerchant, payoutBody, payoutTrader, type TestMerchant } from '../tests/api/api-harness';
import { operatorSession, signedInOperator } from '../tests/trpc/trpc-harness';
import { closeDatabase, setProcessDatabase, setProcessReadDatabase } from '.';
import { connect, rowsOf, type Database } from './client';
import { migrateDatabase } from './migrate';
import { readPoolUrl } from './read-url';

/**
 * The read pool on a real pg_auto_failover formation, a primary and a synchronous standby
 * (docs/deploy.md, "Reads off the primary"). The standby's replay is paused while the merchant
 * writes: what is read off the standby then cannot show the write, what is read off the primary
 * must. So the CSV export and operator search are seen to come from the standby, and the merchant's
 * read-after-write from the primary, by what each answer holds.
 */
const hasPgAutoctl = spawnSync('pg_autoctl', ['--version']).status === 0;

let cluster: AutoFailoverCluster;
let primary: Database;
let reads: Database;
let standby: HaNode;
let merchant: TestMerchant;

async function onNode<T>(node: HaNode, query: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(cluster.nodeUrl(node, 'corridor'), { max: 1, onnotice: () => {} });
  try {
    return await query(admin);
  } finally {
    await admin.end();
  }
}

async function exportedCsv(): Promise<string> {
  const response = await merchant.client.exportBalanceTransactionsCsv();
  expect(response.status).toBe(200);
  return new Response(response.body as ReadableStream<Uint8Array>).text();
}

describe.skipIf(!hasPgAutoctl)('the read pool on a formation with a standby', () => {
  beforeAll(async () => {
    cluster = await AutoFailoverCluster.create({ nodes: 2, synchronous: true });
    await cluster.createDatabase('corridor');
    await migrateDatabase({ url: cluster.url('corridor') });
    primary = connect({ url: cluster.url('corridor'), maxConnections: 4 });
    // The formation's nodes as an operator would list them in DATABASE_READ_URL: the primary first.
    const hosts = cluster.nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
    reads = connect({ url: readPoolUrl(`postgres://postgres@${hosts}/corridor`), maxConnections: 2 });
    setProcessDatabase(primary);
    setProcessReadDatabase(reads);
    resetRateLimits();
    const writer = (await cluster.primary())!;
    standby = cluster.nodes.find((node) => node !== writer)!;
    merchant = await apiMerchant(primary.db, '5000.00');
    await payoutTrader(primary.db, '7.0000', '1000.00');
  }, 420_000);
  afterAll(async () => {
    await closeDatabase();
    await cluster?.destroy();
  }, 30_000);

  it('prefers the standby, and refuses writes there', async () => {
    const [row] = rowsOf<{ recovery: boolean; port: number }>(await reads.db.execute(sql`select pg_is_in_recovery() as recovery, inet_server_port() as port`));
    expect(row).toEqual({ recovery: true, port: standby.port });
    // 25006: cannot execute in a read-only transaction.
    await expect(reads.db.execute(sql`create table read_pool_probe (id int)`)).rejects.toMatchObject({ cause: { code: '25006' } });
  });

  it('serves the export and operator search off the standby, and the merchant reads its own write off the primary', async () => {
    const operator = await signedInOperator(primary.db);
    const operatorCaller = appRouter.createCaller(() => contextFor(primary.db, new Headers({ [CLIENT_ADDRESS_HEADER]: '203.0.113.7' }), operatorSession(operator), reads.db));
    const before = await exportedCsv();
    await onNode(standby, (admin) => admin`select pg_wal_replay_pause()`);
    try {
      const created = await merchant.client.createPayout(payoutBody({ merchantOrderNo: `rp-${randomUUID().slice(0, 8)}`, fiatAmount: '700.00' }) as never, randomUUID());
      expect(created.status).toBe(201);
      const { orderNo } = created.body as PayoutCreated;

      // Read right after the write: the primary answers, with the order and the frozen 100 USDT.
      const fetched = await merchant.client.getPayout(orderNo);
      expect(fetched.status).toBe(200);
      expect((fetched.body as Payout).orderNo).toBe(orderNo);
      expect((await merchant.client.getBalance()).body as Balance).toMatchObject({ available: '4900.000000', frozen: '100.000000' });

      // History, off the standby that has not replayed the write yet: the same statement as before it.
      expect(await exportedCsv()).toBe(before);
      expect((await operatorCaller.operator.search({ query: orderNo })).results).toEqual([]);

      await onNode(standby, (admin) => admin`select pg_wal_replay_resume()`);
      // Replayed: the freeze is in the export and the order is found.
      await expect.poll(async () => (await exportedCsv()).includes(orderNo), { timeout: 10_000 }).toBe(true);
      const found = await operatorCaller.operator.search({ query: orderNo });
      expect(found.results).toEqual([expect.objectContaining({ kind: 'order', flow: 'payout', orderNo })]);
    } finally {
      await onNode(standby, (admin) => admin`select pg_wal_replay_resume()`).catch(() => {});
    }
  });
});
