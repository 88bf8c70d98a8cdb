import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { traderWithBalance } from '../../tests/fixtures/parties';
import { cardRevealAllowance, cardRevealsPerHour } from './card-reveal-throttle';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A `card.view` row as the reveal writes it, made `minutes` ago. */
async function viewed(traderId: string, orderId: string, minutes: number, action = 'card.view') {
  await database.db.insert(auditLog).values({ actorType: 'trader', actorId: traderId, action, targetType: 'payout', targetId: orderId, createdAt: minutesAgo(minutes) });
}

const newTrader = async () => (await traderWithBalance(database.db, '0')).traderId;
const allowance = (traderId: string, orderId: string, limit = 3) => cardRevealAllowance(database.db, { traderId, orderId, limit });

describe('the card reveal throttle', () => {
  it('is 10 different payouts an hour', () => {
    expect(cardRevealsPerHour).toBe(10);
  });

  it('allows a trader under the limit, and refuses a new payout at it with when the first place frees', async () => {
    const traderId = await newTrader();
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    await viewed(traderId, a, 50);
    await viewed(traderId, a, 10); // seen again: `a` leaves the hour 50 minutes from now
    await viewed(traderId, b, 40); // leaves in 20 minutes: the first place to free
    expect(await allowance(traderId, randomUUID())).toEqual({ allowed: true });
    await viewed(traderId, c, 5);

    const refused = await allowance(traderId, randomUUID());
    expect(refused).toMatchObject({ allowed: false, seen: 3, limit: 3 });
    const retry = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retry).toBeGreaterThan(20 * 60 - 30);
    expect(retry).toBeLessThanOrEqual(20 * 60 + 1);
  });

  it('always allows a payout already seen within the hour: seeing it again reveals nothing new', async () => {
    const traderId = await newTrader();
    const seen = [randomUUID(), randomUUID(), randomUUID()];
    for (const orderId of seen) await viewed(traderId, orderId, 30);
    expect(await allowance(traderId, seen[1]!)).toEqual({ allowed: true });
    expect((await allowance(traderId, randomUUID())).allowed).toBe(false);
  });

  it('counts only this trader’s views of the past hour, and not refusals', async () => {
    const traderId = await newTrader();
    const other = await newTrader();
    await viewed(traderId, randomUUID(), 61);
    await viewed(traderId, randomUUID(), 90);
    await viewed(other, randomUUID(), 1);
    await viewed(other, randomUUID(), 1);
    await viewed(other, randomUUID(), 1);
    await viewed(traderId, randomUUID(), 1, 'card.view_refused');
    await viewed(traderId, randomUUID(), 1, 'card.view_refused');
    await viewed(traderId, randomUUID(), 1);
    await viewed(traderId, randomUUID(), 1);
    expect(await allowance(traderId, randomUUID())).toEqual({ allowed: true });
  });
});
