import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userRecoveryCodes } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { cliActor } from '../audit';
import { isDomainError } from '../errors';
import { createOperator } from '../users/create-operator';
import { countRecoveryCodes } from './count-recovery-codes';
import { recoveryCodeHash } from './recovery-code-format';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes';
import { signInWithPassword } from './sign-in';
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

let n = 0;
/** An operator with an authenticator enrolled. */
async function enrolledOperator() {
  n += 1;
  const operator = await createOperator(database.db, { email: `rc${n}@example.com`, password, displayName: `RC ${n}` }, cliActor);
  const { secret } = await startTotpEnrolment(database.db, operator.userId);
  const now = new Date();
  await confirmTotpEnrolment(database.db, { userId: operator.userId, code: totpCode(secret, totpStep(now)), now });
  return { ...operator, email: `rc${n}@example.com` };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (error === null) return 'OK';
  if (!isDomainError(error)) throw error;
  return error.code;
}

describe('recovery codes', () => {
  it('are 10 codes shown once, stored only as hashes, and audited without the codes', async () => {
    const operator = await enrolledOperator();
    const { codes } = await regenerateRecoveryCodes(database.db, { userId: operator.userId, ip: '10.9.0.1' });
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{5}-[2-9A-HJKMNP-TV-Z]{5}$/);
    const stored = await database.db.select().from(userRecoveryCodes).where(eq(userRecoveryCodes.userId, operator.userId));
    expect(stored.map((row) => row.codeHash).sort()).toEqual(codes.map(recoveryCodeHash).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace('-', ''));
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.recovery_codes_generated')).orderBy(auditLog.createdAt);
    expect(audit).toMatchObject({ actorId: operator.userId, targetId: operator.userId, details: { count: 10 } });
    expect(JSON.stringify(audit)).not.toContain(codes[0]!.slice(0, 5));
    expect(await countRecoveryCodes(database.db, { userId: operator.userId })).toEqual({ remaining: 10 });
  });

  it('each signs in once in place of the TOTP code, in any case and without the dash; the second use is refused', async () => {
    const operator = await enrolledOperator();
    const { codes } = await regenerateRecoveryCodes(database.db, { userId: operator.userId });
    const typed = codes[3]!.toLowerCase().replace('-', ' ');
    const user = await signInWithPassword(database.db, { input: { email: operator.email, password, totp: typed, ip: '10.9.0.2' } });
    expect(user).toMatchObject({ userId: operator.userId, totpEnrolled: true });
    expect(await codeOf(signInWithPassword(database.db, { input: { email: operator.email, password, totp: codes[3]!, ip: '10.9.0.2' } }))).toBe('TOTP_INVALID');
    expect(await codeOf(signInWithPassword(database.db, { input: { email: operator.email, password, totp: 'ABCDE-FGHJK', ip: '10.9.0.2' } }))).toBe('TOTP_INVALID');
    expect(await countRecoveryCodes(database.db, { userId: operator.userId })).toEqual({ remaining: 9 });
    const used = await database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.recovery_code_used'));
    expect(used.filter((row) => row.actorId === operator.userId)).toHaveLength(1);
  });

  it('a code used by two sign-ins at once lets exactly one in', async () => {
    const operator = await enrolledOperator();
    const { codes } = await regenerateRecoveryCodes(database.db, { userId: operator.userId });
    for (const code of codes.slice(0, 3)) {
      const outcomes = await Promise.all(
        Array.from({ length: 4 }, (_, i) => codeOf(signInWithPassword(database.db, { input: { email: operator.email, password, totp: code, ip: `10.9.1.${i}` } }))),
      );
      expect(outcomes.filter((o) => o === 'OK')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'TOTP_INVALID')).toHaveLength(3);
    }
  });

  it('regenerating replaces every earlier code; it needs an enrolled second factor', async () => {
    const operator = await enrolledOperator();
    const first = await regenerateRecoveryCodes(database.db, { userId: operator.userId });
    const second = await regenerateRecoveryCodes(database.db, { userId: operator.userId });
    expect(await codeOf(signInWithPassword(database.db, { input: { email: operator.email, password, totp: first.codes[0]!, ip: '10.9.2.1' } }))).toBe('TOTP_INVALID');
    expect(await codeOf(signInWithPassword(database.db, { input: { email: operator.email, password, totp: second.codes[0]!, ip: '10.9.2.1' } }))).toBe('OK');
    expect(await countRecoveryCodes(database.db, { userId: operator.userId })).toEqual({ remaining: 9 });

    const fresh = await createOperator(database.db, { email: 'rc-new@example.com', password, displayName: 'New' }, cliActor);
    expect(await codeOf(regenerateRecoveryCodes(database.db, { userId: fresh.userId }))).toBe('CONFLICT');
  });
});
