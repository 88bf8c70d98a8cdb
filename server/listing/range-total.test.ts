import { and, count, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { merchantOrderHourCounts, payoutOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { listPayouts } from '../payouts/list-payouts';
import { listPayoutsInput } from '../payouts/payout.schema';
import { applyPayoutTransition } from '../payouts/apply-payout-transition';
import { foldHourCounts } from './fold-hour-counts';
import { orderCountDrift } from './order-count-drift';

const HOUR = 3_600_000;
const base = Date.parse('2026-03-01T00:00:00.000Z');

describe.each(['postgres', 'pglite'] as const)('range totals from hour counters and two edges (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let merchantId: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind } : {});
    db = database.db;
    merchantId = (await merchantWithBalance(db, '1000.00')).merchantId;
    // 60 orders over ~17 hours, at awkward instants (some exactly on the hour), a third cancelled.
    for (let i = 0; i < 60; i += 1) {
      const order = await insertPayout(db, merchantId);
      const at = new Date(base + i * 17 * 60_000 + (i % 4 === 0 ? 0 : (i * 7919) % 59_000) + (i % 5 === 0 ? 0.123 : 0));
      await db.execute(sql`update payout_orders set created_at = ${at.toISOString()}::timestamptz + ${`${(i % 3) * 250} microseconds`}::interval where id = ${order.id}`);
      if (i % 3 === 0) {
        await db.transaction((tx) =>
          applyPayoutTransition(tx, { orderId: order.id, action: 'cancel', actor: { type: 'operator', id: null }, note: 'test', context: { note: 'test' }, eventData: () => ({}) }),
        );
      }
    }
    // Another merchant's orders in the same hours never count.
    const other = (await merchantWithBalance(db, '1000.00')).merchantId;
    for (let i = 0; i < 5; i += 1) {
      const order = await insertPayout(db, other);
      await db.execute(sql`update payout_orders set created_at = ${new Date(base + i * HOUR).toISOString()}::timestamptz where id = ${order.id}`);
    }
  });
  afterAll(() => database.close());

  const counted = async (from?: Date, to?: Date, status?: string[]) => {
    const conditions = [eq(payoutOrders.merchantId, merchantId)];
    if (from) conditions.push(gte(payoutOrders.createdAt, from));
    if (to) conditions.push(lte(payoutOrders.createdAt, to));
    if (status) conditions.push(inArray(payoutOrders.status, status as never[]));
    return (await db.select({ n: count() }).from(payoutOrders).where(and(...conditions)))[0]!.n;
  };
  const listed = async (from?: Date, to?: Date, status?: string[]) =>
    (
      await listPayouts(
        db,
        merchantId,
        listPayoutsInput.parse({ ...(from ? { from: from.toISOString() } : {}), ...(to ? { to: to.toISOString() } : {}), ...(status ? { status: status.join(',') } : {}) }),
      )
    ).total;

  const ranges: [Date | undefined, Date | undefined][] = [
    [new Date(base), new Date(base + 17 * HOUR)],
    [new Date(base + HOUR), new Date(base + 3 * HOUR)], // both ends on the hour: an order exactly at `to` counts
    [new Date(base + HOUR + 1), new Date(base + 3 * HOUR - 1)],
    [new Date(base + 90 * 60_000), new Date(base + 100 * 60_000)], // inside one hour
    [new Date(base + 50 * 60_000), new Date(base + 70 * 60_000)], // across one boundary, no whole hour
    [new Date(base + 2 * HOUR + 34 * 60_000), undefined],
    [undefined, new Date(base + 5 * HOUR + 1)],
    [new Date(base - 10 * HOUR), new Date(base + 40 * HOUR)],
    [new Date(base + 5 * HOUR), new Date(base + 4 * HOUR)], // empty
    // Edges counted as their hour's counter minus the rest of the hour: `from` early in its hour,
    // `to` late in its; and each exactly on an order's instant (orders 12 and 24), which counts.
    [new Date(base + 2 * HOUR + 10 * 60_000), new Date(base + 6 * HOUR + 50 * 60_000)],
    [new Date(base + 204 * 60_000), new Date(base + 408 * 60_000)],
    [new Date(base + 204 * 60_000 + 1), new Date(base + 408 * 60_000 - 1)],
  ];

  it('equals counting the rows, for every kind of range, with and without statuses', async () => {
    for (const [from, to] of ranges) {
      for (const status of [undefined, ['CANCELLED'], ['PENDING_MATCH', 'CANCELLED'], ['COMPLETED']]) {
        expect({ from, to, status, total: await listed(from, to, status) }).toEqual({ from, to, status, total: await counted(from, to, status) });
      }
    }
    expect(await counted(new Date(base), new Date(base + 17 * HOUR))).toBe(60);
    expect(await orderCountDrift(db)).toEqual([]);
  });

  it('folding past hours into shard 0 keeps every total and leaves one row per hour and status', async () => {
    const before = await Promise.all(ranges.map(([from, to]) => listed(from, to)));
    const later = new Date(base + 30 * HOUR);
    // It reports the shard rows it folded: every row outside shard 0 of an hour over two hours old.
    const [shardRows] = await db
      .select({ n: count() })
      .from(merchantOrderHourCounts)
      .where(and(ne(merchantOrderHourCounts.shard, 0), lt(merchantOrderHourCounts.hour, new Date(later.getTime() - 2 * HOUR))));
    expect(await foldHourCounts(db, later)).toBe(shardRows!.n);
    expect(await Promise.all(ranges.map(([from, to]) => listed(from, to)))).toEqual(before);
    expect(await orderCountDrift(db)).toEqual([]);
    const rows = await db
      .select({ shard: merchantOrderHourCounts.shard, orders: merchantOrderHourCounts.orders })
      .from(merchantOrderHourCounts)
      .where(and(eq(merchantOrderHourCounts.merchantId, merchantId), lt(merchantOrderHourCounts.hour, new Date(base + 20 * HOUR))));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.shard !== 0 || row.orders === 0)).toEqual([]);
    // A status change after folding lands in a shard again and still counts.
    const [first] = await db.select({ id: payoutOrders.id }).from(payoutOrders).where(and(eq(payoutOrders.merchantId, merchantId), eq(payoutOrders.status, 'PENDING_MATCH'))).limit(1);
    await db.transaction((tx) =>
      applyPayoutTransition(tx, { orderId: first!.id, action: 'cancel', actor: { type: 'operator', id: null }, note: 'test', context: { note: 'test' }, eventData: () => ({}) }),
    );
    expect(await listed(new Date(base), new Date(base + 17 * HOUR), ['CANCELLED'])).toBe(await counted(new Date(base), new Date(base + 17 * HOUR), ['CANCELLED']));
    expect(await orderCountDrift(db)).toEqual([]);
  });
});
