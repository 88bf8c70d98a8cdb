import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRole } from '../../db/schema';
import { recordAudit } from '../audit';
import { keyring } from '../config/keyring';
import { decryptField } from '../crypto/encryption';
import { DomainError } from '../errors';
import { decoyHash, verifyPassword } from './password';
import { addressLockedUntil, clearAddressFailures, LOCK_MS, MAX_FAILURES, recordAddressFailure } from './sign-in-throttle';
import { verifyTotp } from './totp';

export interface SignedInUser {
  userId: string;
  email: string;
  displayName: string;
  role: UserRole;
  traderId: string | null;
  merchantId: string | null;
  /** Operators without a second factor yet must enrol before anything else. */
  totpEnrolled: boolean;
}

function locked(until: number): DomainError {
  const time = new Date(until).toISOString().slice(11, 16);
  return new DomainError('ACCOUNT_LOCKED', `Too many failed sign-ins. Try again after ${time} UTC (15 minutes).`);
}

/**
 * Email + password (+ TOTP for operators who enrolled). An unknown email costs the same argon2
 * work as a wrong password and gets the same answer. 5 failures lock the account, and the client
 * address, for 15 minutes.
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string; totp?: string | null; ip: string },
  now = new Date(),
): Promise<SignedInUser> {
  const addressLock = addressLockedUntil(input.ip, now.getTime());
  if (addressLock) throw locked(addressLock);

  const email = input.email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);

  if (user?.lockedUntil && user.lockedUntil > now) throw locked(user.lockedUntil.getTime());

  const fail = async (error: DomainError) => {
    recordAddressFailure(input.ip, now.getTime());
    if (user) {
      const [updated] = await db
        .update(users)
        .set({
          failedSignIns: sql`${users.failedSignIns} + 1`,
          lockedUntil: sql`case when ${users.failedSignIns} + 1 >= ${MAX_FAILURES} then ${new Date(now.getTime() + LOCK_MS).toISOString()}::timestamptz else ${users.lockedUntil} end`,
        })
        .where(eq(users.id, user.id))
        .returning({ lockedUntil: users.lockedUntil });
      await recordAudit(db, { actorType: 'system', action: 'auth.sign_in_failed', targetType: 'user', targetId: user.id, ip: input.ip, details: { reason: error.code } });
      if (updated?.lockedUntil && updated.lockedUntil > now) throw locked(updated.lockedUntil.getTime());
    }
    throw error;
  };

  if (!user || !passwordOk || user.status !== 'active') {
    return fail(new DomainError('INVALID_CREDENTIALS', 'The email or password is not right.'));
  }

  let totpStep: number | null = null;
  if (user.totpSecret && user.totpEnabledAt) {
    if (!input.totp) throw new DomainError('TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app.');
    const secret = decryptField(keyring(), 'totp', user.totpSecret, { table: 'users', id: user.id, field: 'totp_secret' });
    totpStep = verifyTotp(secret, input.totp, now, user.lastTotpStep);
    if (totpStep === null) return fail(new DomainError('TOTP_INVALID', 'The code is not right, or was already used.'));
  }

  await db
    .update(users)
    .set({ failedSignIns: 0, lockedUntil: null, ...(totpStep !== null ? { lastTotpStep: totpStep } : {}) })
    .where(eq(users.id, user.id));
  clearAddressFailures(input.ip);
  await recordAudit(db, { actorType: user.role === 'operator' ? 'operator' : 'trader', actorId: user.id, action: 'auth.sign_in', targetType: 'user', targetId: user.id, ip: input.ip });
  return {
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    traderId: user.traderId,
    merchantId: user.merchantId,
    totpEnrolled: Boolean(user.totpEnabledAt),
  };
}
