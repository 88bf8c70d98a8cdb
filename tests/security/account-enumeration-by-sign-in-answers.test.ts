import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../../server/audit';
import { signInWithPassword } from '../../server/auth/sign-in';
import { isDomainError } from '../../server/errors';
import { setTraderStatus } from '../../server/traders/set-trader-status';
import { createOperator } from '../../server/users/create-operator';
import { traderWithBalance } from '../fixtures/parties';
import { createTestDatabase, type TestDatabase } from '../db/test-database';

/**
 * An attacker probes emails to learn which accounts exist: a real account used to answer
 * ACCOUNT_LOCKED after 5 failures while an unknown email never did. Corridor throttles by email
 * whether or not the account exists and answers a wrong password, an unknown email and a
 * suspended account with the same INVALID_CREDENTIALS, so the answers tell nothing apart.
 */
let database: TestDatabase;
const password = 'correct horse battery staple';

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const answerOf = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 'OK' }),
    (error: unknown) => (isDomainError(error) ? { code: error.code, message: error.message, meta: error.meta ?? {} } : { code: String(error) }),
  );

describe('an attacker compares the answers for a real and an unknown email to find accounts: the answers are the same', () => {
  it('the same sequence of answers to 8 wrong guesses, throttling included', async () => {
    const { email } = await createOperator(database.db, { email: 'real-account@test.local', password, displayName: 'Real' }, cliActor);
    const now = new Date('2026-11-23T14:00:00Z');
    const sequence = async (target: string, ip: string) => {
      const answers = [];
      for (let i = 0; i < 8; i += 1) answers.push(await answerOf(signInWithPassword(database.db, { input: { email: target, password: 'a wrong guess', ip }, now })));
      return answers;
    };
    const real = await sequence(email, '192.0.2.10');
    const unknown = await sequence('no-such-account@test.local', '192.0.2.11');
    expect(real).toEqual(unknown);
    expect(real.map((answer) => answer.code)).toEqual([...Array(5).fill('INVALID_CREDENTIALS'), ...Array(3).fill('SIGN_IN_THROTTLED')]);
    expect(real[5]).toMatchObject({ meta: { retryAfterSeconds: '1' } });
  });

  it('a suspended trader with the right password gets the answer an unknown email gets', async () => {
    const trader = await traderWithBalance(database.db, '0');
    await setTraderStatus(database.db, { traderId: trader.traderId, status: 'suspended' }, cliActor);
    const suspended = await answerOf(signInWithPassword(database.db, { input: { email: trader.email, password: 'correct horse battery', ip: '192.0.2.20' } }));
    const unknown = await answerOf(signInWithPassword(database.db, { input: { email: 'nobody-here@test.local', password: 'correct horse battery', ip: '192.0.2.21' } }));
    expect(suspended).toEqual(unknown);
    expect(suspended.code).toBe('INVALID_CREDENTIALS');
  });
});
