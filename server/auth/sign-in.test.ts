import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { cliActor } from '../audit';
import { isDomainError } from '../errors';
import { createOperator } from '../users/create-operator';
import { resetPassword } from './change-password';
import { signInWithPassword } from './sign-in';
import { resetSignInThrottle } from './sign-in-throttle';
import { totpCode, totpStep } from './totp';
import { confirmTotpEnrolment, startTotpEnrolment } from './totp-enrolment';

let database: TestDatabase;
const password = 'correct horse battery staple';

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => resetSignInThrottle());

let n = 0;
async function operator() {
  n += 1;
  return createOperator(database.db, { email: `Op${n}@Example.com`, password, displayName: `Op ${n}` }, cliActor);
}

async function codeOf(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  return isDomainError(error) ? error.code : error === null ? 'OK' : String(error);
}

describe('sign-in', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const { email } = await operator();
    const user = await signInWithPassword(database.db, { email: email.toUpperCase(), password, ip: '10.0.0.1' });
    expect(user).toMatchObject({ role: 'operator', totpEnrolled: false });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const { email } = await operator();
    const wrong = (await signInWithPassword(database.db, { email, password: 'nope nope nope', ip: '10.0.0.2' }).catch((e: Error) => e)) as Error;
    const unknown = (await signInWithPassword(database.db, { email: 'nobody@example.com', password, ip: '10.0.0.3' }).catch((e: Error) => e)) as Error;
    expect([(wrong as { code?: string }).code, wrong.message]).toEqual([(unknown as { code?: string }).code, unknown.message]);
    expect((wrong as { code?: string }).code).toBe('INVALID_CREDENTIALS');
  });

  it('locks the account for 15 minutes after 5 failures, even for the right password, with the time in the message', async () => {
    const { email } = await operator();
    const now = new Date('2026-11-23T08:00:00Z');
    for (let i = 0; i < 4; i += 1) {
      expect(await codeOf(signInWithPassword(database.db, { email, password: 'wrong wrong wrong', ip: `10.1.0.${i}` }, now))).toBe('INVALID_CREDENTIALS');
    }
    const fifth = (await signInWithPassword(database.db, { email, password: 'wrong wrong wrong', ip: '10.1.0.9' }, now).catch((e: Error) => e)) as Error;
    expect((fifth as { code?: string }).code).toBe('ACCOUNT_LOCKED');
    expect(fifth.message).toContain('08:15 UTC');
    expect(await codeOf(signInWithPassword(database.db, { email, password, ip: '10.1.0.10' }, new Date(now.getTime() + 14 * 60_000)))).toBe('ACCOUNT_LOCKED');
    expect(await codeOf(signInWithPassword(database.db, { email, password, ip: '10.1.0.11' }, new Date(now.getTime() + 15 * 60_000 + 1)))).toBe('OK');
    const [row] = await database.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row?.failedSignIns).toBe(0);
  });

  it('locks a client address after 5 failures across accounts', async () => {
    const accounts = await Promise.all([operator(), operator()]);
    for (let i = 0; i < 5; i += 1) {
      await signInWithPassword(database.db, { email: accounts[i % 2]!.email, password: 'wrong wrong wrong', ip: '192.0.2.7' }).catch(() => {});
    }
    expect(await codeOf(signInWithPassword(database.db, { email: accounts[0]!.email, password, ip: '192.0.2.7' }))).toBe('ACCOUNT_LOCKED');
    expect(await codeOf(signInWithPassword(database.db, { email: accounts[0]!.email, password, ip: '192.0.2.8' }))).toBe('OK');
  });

  it('an operator with a second factor needs a fresh code; a reused one is refused', async () => {
    const { email, userId } = await operator();
    const { secret } = await startTotpEnrolment(database.db, userId);
    const start = new Date('2026-11-23T09:00:00Z');
    expect(await codeOf(confirmTotpEnrolment(database.db, userId, '000000', start))).toBe('TOTP_INVALID');
    await confirmTotpEnrolment(database.db, userId, totpCode(secret, totpStep(start)), start);

    expect(await codeOf(signInWithPassword(database.db, { email, password, ip: '10.2.0.1' }, start))).toBe('TOTP_REQUIRED');
    // The code used to enrol is spent; the next step's code works once.
    expect(await codeOf(signInWithPassword(database.db, { email, password, totp: totpCode(secret, totpStep(start)), ip: '10.2.0.1' }, start))).toBe('TOTP_INVALID');
    const later = new Date(start.getTime() + 30_000);
    const code = totpCode(secret, totpStep(later));
    const user = await signInWithPassword(database.db, { email, password, totp: code, ip: '10.2.0.1' }, later);
    expect(user.totpEnrolled).toBe(true);
    expect(await codeOf(signInWithPassword(database.db, { email, password, totp: code, ip: '10.2.0.1' }, later))).toBe('TOTP_INVALID');
  });

  it('the CLI password reset sets a new password and lifts the lock', async () => {
    const { email } = await operator();
    for (let i = 0; i < 5; i += 1) await signInWithPassword(database.db, { email, password: 'wrong wrong wrong', ip: `10.3.0.${i}` }).catch(() => {});
    await resetPassword(database.db, email, 'a brand new password', cliActor);
    expect(await codeOf(signInWithPassword(database.db, { email, password: 'a brand new password', ip: '10.3.1.1' }))).toBe('OK');
    expect(await codeOf(resetPassword(database.db, email, 'short', cliActor))).toBe('VALIDATION_FAILED');
  });
});
