import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/db/test-database';
import { rowsOf, type Db } from './client';
import { reusableQuery, reusableSql } from './reusable-query';
import { orderTransitions, platformSettings, traderQuotes } from './schema';

// Built once for the whole file, on whichever database the first call meets: the point of the module.
const insertTransition = reusableQuery((db) =>
  db
    .insert(orderTransitions)
    .values({
      flow: 'payout',
      orderId: sql.placeholder('orderId'),
      action: 'create',
      toStatus: sql.placeholder('toStatus'),
      actorType: 'merchant',
      createdAt: sql.placeholder('createdAt'),
    })
    .returning(),
);
const transitionsOf = reusableQuery((db) =>
  db
    .select()
    .from(orderTransitions)
    .where(and(eq(orderTransitions.orderId, sql.placeholder('orderId'))))
    .orderBy(orderTransitions.id),
);
const settingWithQuote = reusableQuery((db) =>
  db
    .select({ key: platformSettings.key, quote: { price: traderQuotes.price, side: traderQuotes.side } })
    .from(platformSettings)
    .leftJoin(traderQuotes, eq(traderQuotes.traderId, sql`${sql.placeholder('traderId')}::uuid`))
    .where(eq(platformSettings.key, sql.placeholder('key'))),
);
const orderCount = reusableSql(() => sql`select count(*)::int as n from ${orderTransitions} where ${orderTransitions.orderId} = ${sql.placeholder('orderId')}`);

describe.each(['postgres', 'pglite'] as const)('reusableQuery (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind } : {});
    db = database.db;
  });
  afterAll(() => database.close());

  it('maps rows exactly as the builder does, with new values on every call', async () => {
    const orderId = randomUUID();
    const at = new Date('2026-11-01T10:00:00.123Z');
    const [first] = await insertTransition(db, { orderId, toStatus: 'PENDING_MATCH', createdAt: at });
    const [second] = await insertTransition(db, { orderId, toStatus: 'MATCHED', createdAt: new Date(at.getTime() + 1000) });
    expect(first).toMatchObject({ orderId, toStatus: 'PENDING_MATCH', fromStatus: null, actorType: 'merchant' });
    expect(first?.createdAt).toBeInstanceOf(Date);
    expect(first?.createdAt.toISOString()).toBe(at.toISOString());
    expect(second?.toStatus).toBe('MATCHED');

    const built = await db.select().from(orderTransitions).where(eq(orderTransitions.orderId, orderId)).orderBy(orderTransitions.id);
    expect(await transitionsOf(db, { orderId })).toEqual(built);
    expect(await transitionsOf(db, { orderId: randomUUID() })).toEqual([]);
  });

  it('runs in each transaction on that transaction, and rolls back with it', async () => {
    const kept = randomUUID();
    const undone = randomUUID();
    await db.transaction(async (tx) => {
      await insertTransition(tx, { orderId: kept, toStatus: 'PENDING_MATCH', createdAt: new Date() });
      // Visible inside the transaction through the same reusable query.
      expect(await transitionsOf(tx, { orderId: kept })).toHaveLength(1);
    });
    await expect(
      db.transaction(async (tx) => {
        await insertTransition(tx, { orderId: undone, toStatus: 'PENDING_MATCH', createdAt: new Date() });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await transitionsOf(db, { orderId: kept })).toHaveLength(1);
    expect(await transitionsOf(db, { orderId: undone })).toHaveLength(0);
  });

  it('keeps the builder’s nullable-join mapping (a missing left join is null, not an object of nulls)', async () => {
    await db.insert(platformSettings).values({ key: `test.${kind}`, value: { on: true } });
    const [row] = await settingWithQuote(db, { key: `test.${kind}`, traderId: randomUUID() });
    expect(row).toEqual({ key: `test.${kind}`, quote: null });
  });

  it('runs raw SQL like db.execute', async () => {
    const orderId = randomUUID();
    await insertTransition(db, { orderId, toStatus: 'PENDING_MATCH', createdAt: new Date() });
    expect(rowsOf<{ n: number }>(await orderCount(db, { orderId }))).toEqual([{ n: 1 }]);
    expect(rowsOf<{ n: number }>(await orderCount(db, { orderId: randomUUID() }))).toEqual([{ n: 0 }]);
  });

  it('refuses what is not a query builder', async () => {
    const notABuilder = reusableQuery(async () => [] as unknown[]);
    await expect(async () => notABuilder(db)).rejects.toThrow(/query builder/);
  });
});

describe('the driver internals this module and db/client.ts rely on', () => {
  it('are those of the exact versions they were verified against: an upgrade must re-verify them', async () => {
    const { readFileSync } = await import('node:fs');
    const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { version: string; dependencies: Record<string, string> };
    const installed = (name: string) => read(`node_modules/${name}/package.json`).version;
    const pinned = read('package.json').dependencies;
    // reusable-query.ts uses Drizzle's session.prepareQuery, dialect.sqlToQuery and builders' _prepare;
    // client.ts patches postgres.js's unsafe/begin/savepoint to prepare statements. Neither is public
    // API: bump these together with the tests above passing on both drivers, and docs/performance.md.
    expect({ 'drizzle-orm': installed('drizzle-orm'), postgres: installed('postgres') }).toEqual({ 'drizzle-orm': '0.45.4', postgres: '3.4.9' });
    expect({ 'drizzle-orm': pinned['drizzle-orm'], postgres: pinned.postgres }).toEqual({ 'drizzle-orm': '0.45.4', postgres: '3.4.9' });
  });
});
