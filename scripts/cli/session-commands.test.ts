import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedSessionUser } from '../../app/_auth/session-user';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { traderWithBalance } from '../../tests/fixtures/parties';
import { traderSession } from '../../tests/trpc/trpc-harness';
import { commands } from './commands';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('CLI commands that end sessions', () => {
  it('trader set-status suspended ends the trader\'s sessions; a bad status changes nothing', async () => {
    const trader = await traderWithBalance(database.db, '0');
    const session = traderSession(trader);
    await expect(commands['trader set-status']!.run(database.db, { trader: trader.traderId, status: 'gone' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await checkedSessionUser(database.db, session)).not.toBeNull();
    const { text } = await commands['trader set-status']!.run(database.db, { trader: trader.traderId, status: 'suspended' });
    expect(text).toContain('suspended');
    expect(await checkedSessionUser(database.db, session)).toBeNull();
  });

  it('user sign-out-everywhere and user reset-password end every session of the user', async () => {
    const trader = await traderWithBalance(database.db, '0');
    await commands['user sign-out-everywhere']!.run(database.db, { email: trader.email.toUpperCase() });
    expect(await checkedSessionUser(database.db, traderSession(trader, 1))).toBeNull();
    expect(await checkedSessionUser(database.db, traderSession(trader, 2))).not.toBeNull();
    await commands['user reset-password']!.run(database.db, { email: trader.email, password: 'a long enough new password' });
    expect(await checkedSessionUser(database.db, traderSession(trader, 2))).toBeNull();
    await expect(commands['user sign-out-everywhere']!.run(database.db, { email: 'nobody@test.local' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
