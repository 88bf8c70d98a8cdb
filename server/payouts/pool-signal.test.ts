import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchants } from '../../db/schema';
import { apiMerchant, payoutBody, payoutTrader } from '../../tests/api/api-harness';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { acceptPayout } from './accept-payout';
import { placePayout } from './create-payout';
import { onPoolChange } from './pool-signal';
import { releasePayoutTask } from './release-payout-task';

describe.each(['default', 'pglite'] as const)('the task pool signal (%s)', (kind) => {
  let database: TestDatabase;
  let traderId: string;
  let merchantId: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind: 'pglite' } : {});
    traderId = (await payoutTrader(database.db)).traderId;
    merchantId = (await apiMerchant(database.db, '100000.00')).merchantId;
  });
  afterAll(async () => {
    await database.close();
  });

  const place = async (rollBack = false) => {
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    return database.db.transaction(async (tx) => {
      const order = await placePayout(tx, { merchant: merchant!, input: payoutBody() as never, now: new Date() });
      if (rollBack) tx.rollback();
      return order;
    });
  };

  it('fires once a new payout, an accept and a give-back are committed, never for a rolled-back create', async () => {
    const seen = vi.fn();
    const stop = await onPoolChange(database, seen);
    try {
      const order = await place();
      await vi.waitFor(() => expect(seen).toHaveBeenCalledTimes(1));

      await acceptPayout(database.db, { traderId, orderId: order.id });
      await vi.waitFor(() => expect(seen).toHaveBeenCalledTimes(2));

      await releasePayoutTask(database.db, { traderId, orderId: order.id });
      await vi.waitFor(() => expect(seen).toHaveBeenCalledTimes(3));

      await expect(place(true)).rejects.toThrow();
      // Notifications arrive in commit order: once the next committed change is seen, a signal of
      // the rolled-back one would have come before it.
      await place();
      await vi.waitFor(() => expect(seen.mock.calls.length).toBeGreaterThanOrEqual(4));
      expect(seen).toHaveBeenCalledTimes(4);
    } finally {
      stop();
    }
  });

  it('stops calling a subscriber that unsubscribed, and keeps calling the others', async () => {
    const gone = vi.fn();
    const staying = vi.fn();
    const stopGone = await onPoolChange(database, gone);
    const stopStaying = await onPoolChange(database, staying);
    stopGone();
    await place();
    await vi.waitFor(() => expect(staying).toHaveBeenCalledTimes(1));
    expect(gone).not.toHaveBeenCalled();
    stopStaying();
  });
});
