import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { disputedPayin, disputedPayout } from '../../tests/fixtures/disputes';
import { insertPayout } from '../../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { operatorMetrics } from './operator-metrics';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('operator metrics', () => {
  it('counts open disputes by age, rulings per day with their median time, and each trader overdue and dispute rates', async () => {
    const db = database.db;
    const merchant = await merchantWithBalance(db, '1000.000000');
    const trader = await traderWithBalance(db, '500.000000');
    const quiet = await traderWithBalance(db, '500.000000');
    const operator = await signedInOperator(db);
    const ruled = await disputedPayout(db, merchant.merchantId, trader.traderId);
    const old = await disputedPayout(db, merchant.merchantId, trader.traderId);
    await disputedPayin(db, merchant.merchantId, trader.traderId); // disputed just now: the 'under 1 h' one
    await insertPayout(db, merchant.merchantId); // never taken: no trader's order
    await db.execute(sql`update payout_orders set disputed_at = now() - interval '3 hours' where id = ${ruled.id}`);
    await db.execute(sql`update payout_orders set disputed_at = now() - interval '30 hours' where id = ${old.id}`);
    await operator.caller.operator.disputes.claim({ flow: 'payout', orderId: ruled.id });
    await operator.caller.operator.disputes.rule({ flow: 'payout', orderId: ruled.id, ruling: 'refund', reasonCode: 'other', note: 'No transfer found.' });

    const metrics = await operatorMetrics(db, { windowDays: 7 });
    expect(metrics.openByAge).toEqual([
      { label: 'under 1 h', count: 1 },
      { label: '1–4 h', count: 0 },
      { label: '4–24 h', count: 0 },
      { label: '1–3 d', count: 1 },
      { label: 'over 3 d', count: 0 },
    ]);
    expect(metrics.rulingsPerDay).toHaveLength(7);
    expect(metrics.rulingsPerDay.slice(0, 6).every((day) => day.count === 0 && day.medianSeconds === null)).toBe(true);
    expect(metrics.rulingsPerDay[6]!.count).toBe(1);
    expect(metrics.rulingsPerDay[6]!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(metrics.medianSecondsToRuling).toBeGreaterThanOrEqual(3 * 3600);
    expect(metrics.medianSecondsToRuling).toBeLessThan(3 * 3600 + 120);
    expect(metrics.traders).toEqual([{ traderId: trader.traderId, name: expect.any(String), orders: 3, overdue: 0, disputed: 3 }]);
    expect(metrics.traders.map((t) => t.traderId)).not.toContain(quiet.traderId);
  });
});
