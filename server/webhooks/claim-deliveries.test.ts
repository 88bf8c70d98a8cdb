import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { outboxEvents, webhookDeliveries } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { claimDeliveries } from './claim-deliveries';

const T0 = new Date('2026-03-02T02:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

// Who a claim gives a worker (docs/webhooks.md, "Delivery and retries"; docs/security.md): every
// merchant's oldest due delivery before anyone's second, never more than 4 of one merchant in
// flight across workers, retries only when due, and a dead worker's deliveries once its lease ran
// out. The claim reads each waiting merchant's oldest few, not the backlog: these are the rules
// that walk must keep.
describe.each(['postgres', 'pglite'] as const)('claiming webhook deliveries (%s)', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const names = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind } : {});
    db = database.db;
  });
  afterAll(() => database.close());
  // Each case starts with nothing waiting.
  beforeEach(async () => {
    await db.update(webhookDeliveries).set({ status: 'succeeded', leaseOwner: null, leaseExpiresAt: null });
  });

  /** `count` deliveries of a new merchant, due at `firstDue`, `firstDue` + 1 s, …; named `label`1, `label`2, … */
  async function deliveries(label: string, count: number, firstDue: number, extra: Partial<typeof webhookDeliveries.$inferInsert> = {}) {
    const { merchantId } = await merchantWithBalance(db, '0');
    for (let n = 1; n <= count; n += 1) {
      const eventId = `evt_${randomUUID()}`;
      await db.insert(outboxEvents).values({ id: eventId, merchantId, type: 'payout.created', flow: 'payout', payload: {} });
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ eventId, merchantId, url: 'https://merchant.example/hooks', nextAttemptAt: at(firstDue + n - 1), ...extra })
        .returning({ id: webhookDeliveries.id });
      names.set(row!.id, `${label}${n}`);
    }
    return merchantId;
  }

  const claim = async (workerId: string, now: Date, limit: number) =>
    // A claim is a set: the rows come back in whatever order the update wrote them.
    (await claimDeliveries(db, { workerId, now, limit, leaseMs: 30_000 })).map((delivery) => names.get(delivery.id)).sort();

  it('takes turns between merchants, oldest first, at most 4 of one merchant in flight across workers', async () => {
    // A floods: 30 deliveries, all older than B's 2 and C's 1. Z's are not due yet.
    await deliveries('A', 30, 0);
    await deliveries('B', 2, 100);
    await deliveries('C', 1, 200);
    await deliveries('Z', 3, 1_010);
    const now = at(1_000);

    // Everyone's first, then the second turn oldest first: A2 (due at 1 s) before B2 (101 s).
    expect(await claim('worker-1', now, 4)).toEqual(['A1', 'A2', 'B1', 'C1']);
    // A holds 2 under worker-1's lease: worker-2 may have 2 more of A's, and B its second.
    expect(await claim('worker-2', now, 10)).toEqual(['A3', 'A4', 'B2']);
    expect(await claim('worker-3', now, 10)).toEqual([]);
    // Z's first two come due; the leases (30 s) still hold the rest.
    expect(await claim('worker-3', at(1_011), 10)).toEqual(['Z1', 'Z2']);
  });

  it("a dead worker's deliveries are claimed again once its lease ran out, before the same merchant's later ones", async () => {
    const merchantId = await deliveries('D', 6, 0);
    const now = at(2_000);
    expect(await claim('doomed', now, 4)).toEqual(['D1', 'D2', 'D3', 'D4']);
    // Its lease is 30 s: within it, D's 4 slots are taken.
    expect(await claim('worker-4', at(2_020), 10)).not.toContain('D5');
    // After it: the 4 that were in flight come back first, in their order; D5 and D6 wait their turn.
    const again = await claim('worker-4', at(2_031), 10);
    expect(again.filter((name) => name?.startsWith('D'))).toEqual(['D1', 'D2', 'D3', 'D4']);
    const held = await db.select({ leaseOwner: webhookDeliveries.leaseOwner }).from(webhookDeliveries).where(inArray(webhookDeliveries.merchantId, [merchantId]));
    expect(held.filter((row) => row.leaseOwner === 'worker-4')).toHaveLength(4);
    expect(held.filter((row) => row.leaseOwner === 'doomed')).toHaveLength(0);
  });
});
