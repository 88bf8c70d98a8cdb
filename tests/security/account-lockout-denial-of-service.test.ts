import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThrottles } from '../../db/schema';
import { cliActor } from '../../server/audit';
import { signInWithPassword } from '../../server/auth/sign-in';
import { ACCOUNT_CEILING, emailKey } from '../../server/auth/sign-in-throttle';
import { isDomainError } from '../../server/errors';
import { createOperator } from '../../server/users/create-operator';
import { createTestDatabase, type TestDatabase } from '../db/test-database';

/**
 * An attacker who knows an operator's email sends wrong passwords from many addresses, to keep
 * the account locked and the operator out of the console. Corridor never locks an account: it
 * slows down each (account, address) pair that fails, each address that fails across accounts,
 * and, past a ceiling, every address that has failed on the account, so the owner signing in from
 * their own address gets in while the attack goes on.
 */
let database: TestDatabase;
const password = 'correct horse battery staple';

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'OK',
    (error: unknown) => (isDomainError(error) ? error.code : String(error)),
  );

describe('an attacker hammers an operator account from many addresses to lock its owner out: the owner still signs in from their own address', () => {
  it('while 130 wrong guesses from 26 addresses run at once, and after them (past the account ceiling)', async () => {
    // One instant for every attempt: on a slow machine the back-offs must not run out between them.
    const now = new Date();
    const { email } = await createOperator(database.db, { email: 'hammered-operator@test.local', password, displayName: 'Hammered' }, cliActor);
    const guesses = Array.from({ length: 130 }, (_, i) => codeOf(signInWithPassword(database.db, { input: { email, password: `wrong guess ${i}`, ip: `203.0.113.${(i % 26) + 1}` }, now })));
    const owner = codeOf(signInWithPassword(database.db, { input: { email, password, ip: '198.51.100.200' }, now }));
    const [ownerDuring, ...attack] = await Promise.all([owner, ...guesses]);
    expect(ownerDuring).toBe('OK');
    expect(attack.every((code) => code === 'INVALID_CREDENTIALS' || code === 'SIGN_IN_THROTTLED')).toBe(true);
    // The ceiling was reached (some late guesses were already held back by it).
    const [account] = await database.db.select().from(signInThrottles).where(and(eq(signInThrottles.scope, 'account'), eq(signInThrottles.key, emailKey(email))));
    expect(account!.failures).toBeGreaterThanOrEqual(ACCOUNT_CEILING);

    // Past the ceiling: the attacker's addresses are held back, the owner's is not (only slowed).
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, ip: '203.0.113.1' }, now }))).toBe('SIGN_IN_THROTTLED');
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, ip: '198.51.100.200' }, now }))).toBe('OK');
    // A first-time address with the right password gets in too.
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, ip: '198.51.100.201' }, now }))).toBe('OK');
  });

  it('failing 5 times from each of a few addresses does not shut the owner out', async () => {
    const { email } = await createOperator(database.db, { email: 'locked-operator@test.local', password, displayName: 'Locked' }, cliActor);
    for (let i = 0; i < 15; i += 1) await codeOf(signInWithPassword(database.db, { input: { email, password: 'a wrong guess', ip: `192.0.2.${(i % 3) + 1}` } }));
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, ip: '198.51.100.77' } }))).toBe('OK');
  });
});
