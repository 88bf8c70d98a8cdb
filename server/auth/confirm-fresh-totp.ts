import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { keyring } from '../config/keyring';
import { decryptField } from '../crypto/encryption';
import { DomainError } from '../errors';
import { verifyTotp } from './totp';

/**
 * A fresh second-factor code for a sensitive action (docs/security.md, "Withdrawal addresses"): a
 * signed-in session alone is not enough to say where money may go. The code is spent in the same
 * statement that checks it is unspent, as at sign-in, so it cannot be replayed. A user without a
 * second factor passes only when `required` is false (a trader who never enrolled).
 */
export async function confirmFreshTotp(tx: Tx, options: { userId: string; code: string | undefined; required: boolean; now: Date }): Promise<void> {
  const [user] = await tx.select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt, lastStep: users.lastTotpStep }).from(users).where(eq(users.id, options.userId));
  if (!user?.secret || !user.enabledAt) {
    if (options.required) throw new DomainError('TOTP_REQUIRED', 'Enrol a second factor first.');
    return;
  }
  if (!options.code) throw new DomainError('TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app.');
  const secret = decryptField(keyring(), 'totp', user.secret, { table: 'users', id: options.userId, field: 'totp_secret' });
  const step = verifyTotp(secret, options.code, options.now, user.lastStep);
  if (step === null) throw new DomainError('TOTP_INVALID', 'The code is not right, or was already used.');
  const [spent] = await tx
    .update(users)
    .set({ lastTotpStep: step })
    .where(and(eq(users.id, options.userId), or(isNull(users.lastTotpStep), lt(users.lastTotpStep, step))))
    .returning({ id: users.id });
  if (!spent) throw new DomainError('TOTP_INVALID', 'The code is not right, or was already used.');
}
