import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThrottles } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { cliActor } from '../audit';
import { isDomainError } from '../errors';
import { createOperator } from '../users/create-operator';
import { resetPassword } from './change-password';
import { signInWithPassword } from './sign-in';
import { ACCOUNT_CEILING, BACKOFF_CAP_MS, emailKey, UNDER_ATTACK_DELAY_MS } from './sign-in-throttle';
import { totpCode, totpStep } from './totp';
import { confirmTotpEnrolment, startTotpEnrolment } from './totp-enrolment';

let database: TestDatabase;
const password = 'correct horse battery staple';
const wrong = 'wrong wrong wrong';

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let n = 0;
async function operator() {
  n += 1;
  return createOperator(database.db, { email: `Op${n}@Example.com`, password, displayName: `Op ${n}` }, cliActor);
}

async function outcome(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (error === null) return { code: 'OK' };
  if (!isDomainError(error)) throw error;
  return { code: error.code, message: error.message, retryAfter: error.meta?.retryAfterSeconds };
}
const codeOf = async (promise: Promise<unknown>) => (await outcome(promise)).code;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('sign-in', () => {
  it('signs in with the right password, whatever the email case, and carries the session version', async () => {
    const { email } = await operator();
    const user = await signInWithPassword(database.db, { input: { email: email.toUpperCase(), password, ip: '10.0.0.1' } });
    expect(user).toMatchObject({ role: 'operator', totpEnrolled: false, sessionVersion: 1 });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const { email } = await operator();
    const wrongPassword = await outcome(signInWithPassword(database.db, { input: { email, password: 'nope nope nope', ip: '10.0.0.2' } }));
    const unknown = await outcome(signInWithPassword(database.db, { input: { email: 'nobody@example.com', password, ip: '10.0.0.3' } }));
    expect(wrongPassword).toEqual(unknown);
    expect(wrongPassword.code).toBe('INVALID_CREDENTIALS');
  });

  it('backs off one address on one account after 5 failures: 1 s, 2 s, 4 s ..., the right password included, never longer than 15 minutes', async () => {
    const { email } = await operator();
    const start = new Date('2026-11-23T08:00:00Z');
    for (let i = 0; i < 5; i += 1) expect(await codeOf(signInWithPassword(database.db, { input: { email, password: wrong, ip: '10.1.0.1' }, now: start }))).toBe('INVALID_CREDENTIALS');

    const held = await outcome(signInWithPassword(database.db, { input: { email, password, ip: '10.1.0.1' }, now: start }));
    expect(held).toMatchObject({ code: 'SIGN_IN_THROTTLED', retryAfter: '1' });
    expect(held.message).toContain('1 seconds');

    // After the wait, one more try; failing it doubles the wait.
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password: wrong, ip: '10.1.0.1' }, now: at(start, 1000) }))).toBe('INVALID_CREDENTIALS');
    expect(await outcome(signInWithPassword(database.db, { input: { email, password, ip: '10.1.0.1' }, now: at(start, 1500) }))).toMatchObject({ code: 'SIGN_IN_THROTTLED', retryAfter: '2' });

    // Keep failing at each retry: the wait grows to 15 minutes and stays there.
    let now = at(start, 1000);
    let waitMs = 2000;
    for (let i = 0; i < 12; i += 1) {
      now = at(now, waitMs);
      expect(await codeOf(signInWithPassword(database.db, { input: { email, password: wrong, ip: '10.1.0.1' }, now }))).toBe('INVALID_CREDENTIALS');
      waitMs = Math.min(waitMs * 2, BACKOFF_CAP_MS);
    }
    expect(await outcome(signInWithPassword(database.db, { input: { email, password, ip: '10.1.0.1' }, now }))).toMatchObject({ code: 'SIGN_IN_THROTTLED', retryAfter: String(BACKOFF_CAP_MS / 1000) });

    // Meanwhile the owner, from their own address, is not held back at all.
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, ip: '10.1.0.2' }, now }))).toBe('OK');
    // And from the throttled address once the wait is over; that clears its slate.
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, ip: '10.1.0.1' }, now: at(now, BACKOFF_CAP_MS) }))).toBe('OK');
    const pair = await database.db.select().from(signInThrottles).where(and(eq(signInThrottles.scope, 'pair'), eq(signInThrottles.key, `${emailKey(email)}|10.1.0.1`)));
    expect(pair).toEqual([]);
  });

  it('counts concurrent guesses from one address: of 10 at once, 5 are checked and 5 are held back', async () => {
    const { email } = await operator();
    const now = new Date('2026-11-23T08:30:00Z');
    const codes = await Promise.all(Array.from({ length: 10 }, () => codeOf(signInWithPassword(database.db, { input: { email, password: wrong, ip: '10.1.1.1' }, now }))));
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(5);
    expect(codes.filter((code) => code === 'SIGN_IN_THROTTLED')).toHaveLength(5);
  });

  it('counts an attempt stamped a moment before the last counted one: concurrent requests reach the count in any order', async () => {
    const { email } = await operator();
    const now = new Date('2026-11-23T08:45:00Z');
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password: wrong, ip: '10.1.2.1' }, now: at(now, 5) }))).toBe('INVALID_CREDENTIALS');
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password: wrong, ip: '10.1.2.1' }, now }))).toBe('INVALID_CREDENTIALS');
    const [account] = await database.db.select().from(signInThrottles).where(and(eq(signInThrottles.scope, 'account'), eq(signInThrottles.key, emailKey(email))));
    expect(account).toMatchObject({ failures: 2, lastFailureAt: at(now, 5) });
  });

  it('backs off an address that fails on 20 accounts (spraying), for any account, without slowing other addresses', async () => {
    const accounts = await Promise.all([operator(), operator()]);
    const now = new Date('2026-11-23T09:00:00Z');
    for (let i = 0; i < 20; i += 1) {
      await signInWithPassword(database.db, { input: { email: `sprayed-${i}@example.com`, password: wrong, ip: '192.0.2.7' }, now }).catch(() => {});
    }
    expect(await outcome(signInWithPassword(database.db, { input: { email: accounts[0]!.email, password, ip: '192.0.2.7' }, now }))).toMatchObject({ code: 'SIGN_IN_THROTTLED', retryAfter: '1' });
    expect(await codeOf(signInWithPassword(database.db, { input: { email: accounts[0]!.email, password, ip: '192.0.2.8' }, now }))).toBe('OK');
    expect(await codeOf(signInWithPassword(database.db, { input: { email: accounts[1]!.email, password, ip: '192.0.2.7' }, now: at(now, 1000) }))).toBe('OK');
  });

  it('past the account ceiling every attempt on the account is slowed, an address that failed on it backs off from its first failure, and the right password from a clean address still works', async () => {
    const { email } = await operator();
    const now = new Date('2026-11-23T10:00:00Z');
    // As if the account had just been hammered from many addresses.
    await database.db.insert(signInThrottles).values({ scope: 'account', key: emailKey(email), failures: ACCOUNT_CEILING, lastFailureAt: now });
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password: wrong, ip: '198.51.100.1' }, now, wait }))).toBe('INVALID_CREDENTIALS');
    expect(await outcome(signInWithPassword(database.db, { input: { email, password, ip: '198.51.100.1' }, now, wait }))).toMatchObject({ code: 'SIGN_IN_THROTTLED', retryAfter: '1' });
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, ip: '198.51.100.2' }, now, wait }))).toBe('OK');
    expect(waits).toEqual([UNDER_ATTACK_DELAY_MS, UNDER_ATTACK_DELAY_MS, UNDER_ATTACK_DELAY_MS]);
  });

  it('an operator with a second factor needs a fresh code; a reused one is refused', async () => {
    const { email, userId } = await operator();
    const { secret } = await startTotpEnrolment(database.db, userId);
    const start = new Date('2026-11-23T09:00:00Z');
    expect(await codeOf(confirmTotpEnrolment(database.db, { userId, code: '000000', now: start }))).toBe('TOTP_INVALID');
    await confirmTotpEnrolment(database.db, { userId, code: totpCode(secret, totpStep(start)), now: start });

    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, ip: '10.2.0.1' }, now: start }))).toBe('TOTP_REQUIRED');
    // The code used to enrol is spent; the next step's code works once.
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, totp: totpCode(secret, totpStep(start)), ip: '10.2.0.1' }, now: start }))).toBe('TOTP_INVALID');
    const later = new Date(start.getTime() + 30_000);
    const code = totpCode(secret, totpStep(later));
    const user = await signInWithPassword(database.db, { input: { email, password, totp: code, ip: '10.2.0.1' }, now: later });
    expect(user.totpEnrolled).toBe(true);
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, totp: code, ip: '10.2.0.1' }, now: later }))).toBe('TOTP_INVALID');
  });

  it('asking for the code does not count against the address: the password was right', async () => {
    const { email, userId } = await operator();
    const { secret } = await startTotpEnrolment(database.db, userId);
    const start = new Date('2026-11-23T11:00:00Z');
    await confirmTotpEnrolment(database.db, { userId, code: totpCode(secret, totpStep(start)), now: start });
    for (let i = 0; i < 8; i += 1) expect(await codeOf(signInWithPassword(database.db, { input: { email, password, ip: '10.2.1.1' }, now: start }))).toBe('TOTP_REQUIRED');
  });

  it('the CLI password reset sets a new password and clears the throttling of the account', async () => {
    const { email } = await operator();
    const now = new Date('2026-11-23T12:00:00Z');
    for (let i = 0; i < 5; i += 1) await signInWithPassword(database.db, { input: { email, password: wrong, ip: '10.3.0.1' }, now }).catch(() => {});
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password, ip: '10.3.0.1' }, now }))).toBe('SIGN_IN_THROTTLED');
    await resetPassword(database.db, { email, next: 'a brand new password', actor: cliActor });
    expect(await codeOf(signInWithPassword(database.db, { input: { email, password: 'a brand new password', ip: '10.3.0.1' }, now }))).toBe('OK');
    expect(await codeOf(resetPassword(database.db, { email, next: 'short', actor: cliActor }))).toBe('VALIDATION_FAILED');
  });
});
