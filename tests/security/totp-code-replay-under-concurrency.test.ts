import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliActor } from '../../server/audit';
import { signInWithPassword } from '../../server/auth/sign-in';
import { totpCode, totpStep } from '../../server/auth/totp';
import { confirmTotpEnrolment, startTotpEnrolment } from '../../server/auth/totp-enrolment';
import { isDomainError } from '../../server/errors';
import { createOperator } from '../../server/users/create-operator';
import { createTestDatabase, type TestDatabase } from '../db/test-database';

/**
 * Someone who has an operator's password and has seen one authenticator code (over the
 * shoulder, a phishing page relaying it) fires many sign-ins with it at the same instant, hoping
 * several pass before the code is marked as used. Corridor spends a code with one conditional
 * update that only succeeds while the code's step is newer than the last one spent, so exactly
 * one sign-in gets a session; on PostgreSQL (TEST_DATABASE_URL) and on the embedded PGlite alike.
 */
const password = 'correct horse battery staple';

for (const kind of ['configured', 'pglite'] as const) {
  describe(`one authenticator code sent by 8 simultaneous sign-ins gives exactly one session (${kind} database)`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind === 'pglite' ? { kind: 'pglite' } : {});
    });
    afterAll(async () => {
      await database.close();
    });

    it('one succeeds, the other seven get TOTP_INVALID', async () => {
      const email = `totp-race-${kind}@test.local`;
      const { userId } = await createOperator(database.db, { email, password, displayName: 'Racing operator' }, cliActor);
      const enrolledAt = new Date('2026-11-23T09:00:00Z');
      const { secret } = await startTotpEnrolment(database.db, userId);
      await confirmTotpEnrolment(database.db, { userId, code: totpCode(secret, totpStep(enrolledAt)), now: enrolledAt });

      const now = new Date(enrolledAt.getTime() + 60_000);
      const code = totpCode(secret, totpStep(now));
      // From 8 addresses, so the per-address throttling stays out of the way of the race.
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          signInWithPassword(database.db, { input: { email, password, totp: code, ip: `198.51.100.${i + 1}` }, now }).then(
            () => 'OK',
            (error: unknown) => (isDomainError(error) ? error.code : String(error)),
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'OK')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'TOTP_INVALID')).toHaveLength(7);
    });
  });
}
