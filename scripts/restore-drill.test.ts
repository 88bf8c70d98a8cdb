import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/db/test-database';
import { insertPayin, insertPayout } from '../tests/fixtures/orders';
import { merchantWithBalance, traderWithBalance } from '../tests/fixtures/parties';
import { restoreDrill } from './restore-drill';

describe.runIf(process.env.TEST_DATABASE_URL)('the restore drill (pg_dump, pg_restore)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const merchant = await merchantWithBalance(database.db, '500.000000');
    const trader = await traderWithBalance(database.db, '300.000000');
    await insertPayout(database.db, merchant.merchantId);
    await insertPayin(database.db, merchant.merchantId, trader.traderId);
  });
  afterAll(async () => {
    await database.close();
  });

  it('restores a copy whose orders, transfers, balances and invariants equal the source', async () => {
    const result = await restoreDrill(database.url!);
    expect(result.ok).toBe(true);
    expect(result.pendingMigrations).toBe(0);
    expect(result.invariantsOk).toBe(true);
    expect(result.restored).toEqual(result.source);
    expect(result.source.payoutOrders).toBe(1);
    expect(result.source.transfers).toBeGreaterThan(0);
  });
});
