import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, traders } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { traderWithBalance } from '../../tests/fixtures/parties';
import { setTraderStatus } from '../traders/set-trader-status';
import { cliActor } from '../audit';
import { chargeReleaseAfterReveal, releasesAfterRevealPerDay, revealedWhileHeld } from './release-after-reveal';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const newTrader = async () => (await traderWithBalance(database.db, '0')).traderId;

/** A release as releasePayoutTask records it, made `hours` ago (by the database's clock when not given). */
async function released(traderId: string, hours?: number, afterReveal = true) {
  await database.db.insert(auditLog).values({
    actorType: 'trader',
    actorId: traderId,
    action: 'payout.release_task',
    targetType: 'payout',
    targetId: randomUUID(),
    details: { orderNo: 'PO-TEST', ...(afterReveal ? { afterReveal: true } : {}) },
    ...(hours === undefined ? {} : { createdAt: hoursAgo(hours) }),
  });
}

const charge = (traderId: string) => database.db.transaction((tx) => chargeReleaseAfterReveal(tx, { traderId, orderNo: 'PO-TEST' }));
const statusOf = async (traderId: string) => (await database.db.select().from(traders).where(eq(traders.id, traderId)))[0]?.status;
const suspensions = (traderId: string) =>
  database.db.select().from(auditLog).where(and(eq(auditLog.action, 'trader.suspend'), eq(auditLog.targetId, traderId)));

describe('a reveal while holding a task', () => {
  it('is a card.view of this trader naming the accept the task is held under', async () => {
    const traderId = await newTrader();
    const orderId = randomUUID();
    const earlier = new Date('2026-01-01T10:00:00.123Z');
    const now = new Date('2026-01-01T11:00:00.456Z');
    await database.db.insert(auditLog).values({
      actorType: 'trader',
      actorId: traderId,
      action: 'card.view',
      targetType: 'payout',
      targetId: orderId,
      details: { acceptedAt: earlier.toISOString() },
    });
    const held = (acceptedAt: Date | null, trader = traderId) =>
      database.db.transaction((tx) => revealedWhileHeld(tx, { traderId: trader, orderId, acceptedAt }));
    expect(await held(earlier)).toBe(true);
    expect(await held(now)).toBe(false); // seen in an earlier holding of the same task
    expect(await held(null)).toBe(false);
    expect(await held(earlier, await newTrader())).toBe(false);
  });
});

describe('releases after a reveal', () => {
  it('are 3 a day before a suspension', () => {
    expect(releasesAfterRevealPerDay).toBe(3);
  });

  it('count those of the past 24 hours with afterReveal only, and suspend past the limit, once, with the reason', async () => {
    const traderId = await newTrader();
    await released(traderId, 30);
    await released(traderId, 2, false);
    await released(traderId, 5);
    await released(traderId, 1);
    await released(traderId);
    expect(await charge(traderId)).toEqual({ count: 3, limit: 3, suspended: false });
    expect(await statusOf(traderId)).toBe('active');

    await released(traderId);
    expect(await charge(traderId)).toEqual({ count: 4, limit: 3, suspended: true });
    expect(await statusOf(traderId)).toBe('suspended');
    const rows = await suspensions(traderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: 'system', actorId: null, details: { reason: 'released_after_reveal', releasesAfterReveal: 4, limit: 3, orderNo: 'PO-TEST' } });

    // Already suspended: counted, not suspended a second time.
    await released(traderId);
    expect(await charge(traderId)).toEqual({ count: 5, limit: 3, suspended: false });
    expect(await suspensions(traderId)).toHaveLength(1);
  });

  it('start afresh when an operator lifts the suspension', async () => {
    const traderId = await newTrader();
    for (let n = 0; n < 4; n++) await released(traderId);
    expect((await charge(traderId)).suspended).toBe(true);
    await setTraderStatus(database.db, { traderId, status: 'active' }, cliActor);
    await released(traderId);
    expect(await charge(traderId)).toEqual({ count: 1, limit: 3, suspended: false });
    expect(await statusOf(traderId)).toBe('active');
  });
});
