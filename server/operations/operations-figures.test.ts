import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { payinOrders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { operationsFigures } from './operations-figures';

const HOUR = 3_600_000;

// The open-dispute gauges (docs/operations.md) count each open dispute of both flows in the one
// age bucket its disputed_at falls in, read by range from the disputed indexes.
describe.each(['postgres', 'pglite'] as const)('open disputes by age (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let disputedAt: Date;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind } : {});
    db = database.db;
    const { merchantId } = await merchantWithBalance(db, '1000.00');
    const { traderId } = await traderWithBalance(db, '1000.00');
    await disputedPayout(db, merchantId, traderId);
    await disputedPayout(db, merchantId, traderId);
    await disputedPayin(db, merchantId, traderId);
    const older = await disputedPayin(db, merchantId, traderId);
    const [row] = await db.select({ disputedAt: payinOrders.disputedAt }).from(payinOrders).where(eq(payinOrders.id, older.id));
    disputedAt = row?.disputedAt as Date;
    // One pay-in disputed two days before the others.
    await db.update(payinOrders).set({ disputedAt: new Date(disputedAt.getTime() - 48 * HOUR) }).where(eq(payinOrders.id, older.id));
  });
  afterAll(() => database.close());

  const agesAt = async (hoursLater: number) => (await operationsFigures(db, new Date(disputedAt.getTime() + hoursLater * HOUR))).disputes;

  it('puts each open dispute in the bucket of its age, and only there', async () => {
    expect(await agesAt(0.1)).toEqual({ lt_4h: 3, '4h_24h': 0, '1d_3d': 1, gt_3d: 0 });
    expect(await agesAt(5)).toEqual({ lt_4h: 0, '4h_24h': 3, '1d_3d': 1, gt_3d: 0 });
    expect(await agesAt(30)).toEqual({ lt_4h: 0, '4h_24h': 0, '1d_3d': 3, gt_3d: 1 });
    expect(await agesAt(80)).toEqual({ lt_4h: 0, '4h_24h': 0, '1d_3d': 0, gt_3d: 4 });
  });
});
