import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, traders, users, type UserRole } from '../../db/schema';
import { actorTypeOfRole, recordAudit } from '../audit';
import { keyring } from '../config/keyring';
import { decryptField } from '../crypto/encryption';
import { DomainError } from '../errors';
import { decoyHash, verifyPassword } from './password';
import { beginSignInAttempt } from './sign-in-throttle';
import { looksLikeRecoveryCode } from './recovery-code-format';
import { redeemRecoveryCode } from './redeem-recovery-code';
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
  /** Carried in the session: a later bump (suspension, password change ...) ends it. */
  sessionVersion: number;
}

const invalidCredentials = () => new DomainError('INVALID_CREDENTIALS', 'The email or password is not right.');

interface SignInWithPasswordOptions {
  input: { email: string; password: string; totp?: string | null; ip: string };
  now?: Date;
  wait?: (ms: number) => Promise<void>;
}

/**
 * Email + password (+ TOTP for operators who enrolled). Throttled per account and address, per
 * address and per account (server/auth/sign-in-throttle.ts, docs/security.md), before any
 * password is checked. An unknown email, a suspended user or trader and a wrong password all get
 * the same answer after the same argon2 work; a held-back attempt gets SIGN_IN_THROTTLED whether
 * the account exists or not, after no argon2 work at all.
 */
export async function signInWithPassword(
  db: Db,
  { input, now = new Date(), wait }: SignInWithPasswordOptions,
): Promise<SignedInUser> {
  const email = input.email.trim().toLowerCase();
  const attempt = await beginSignInAttempt(db, { input: { email, ip: input.ip }, now, wait });

  const [row] = await db
    .select({ user: users, traderStatus: traders.status, merchantStatus: merchants.status })
    .from(users)
    .leftJoin(traders, eq(traders.id, users.traderId))
    .leftJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(users.email, email));
  const user = row?.user;
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);

  // The attempt is already counted; a failure only leaves a trace for the audit log.
  const fail = async (error: DomainError): Promise<never> => {
    if (user) {
      await recordAudit(db, { actorType: 'system', action: 'auth.sign_in_failed', targetType: 'user', targetId: user.id, ip: input.ip, details: { reason: error.code } });
    }
    throw error;
  };

  const traderActive = !user?.traderId || row?.traderStatus === 'active';
  // A suspended merchant's users sign in no more than a suspended trader's (docs/security.md).
  const merchantActive = !user?.merchantId || row?.merchantStatus === 'active';
  if (!user || !passwordOk || user.status !== 'active' || !traderActive || !merchantActive) return fail(invalidCredentials());

  if (user.totpSecret && user.totpEnabledAt) {
    if (!input.totp) {
      await attempt.uncounted();
      throw new DomainError('TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app.');
    }
    if (looksLikeRecoveryCode(input.totp)) {
      // A one-time recovery code in place of the app's code (docs/security.md, "Recovery codes").
      if (!(await redeemRecoveryCode(db, { userId: user.id, code: input.totp, now }))) {
        return fail(new DomainError('TOTP_INVALID', 'The code is not right, or was already used.'));
      }
      await recordAudit(db, { actorType: actorTypeOfRole(user.role), actorId: user.id, action: 'auth.recovery_code_used', targetType: 'user', targetId: user.id, ip: input.ip });
      return signedIn();
    }
    const secret = decryptField(keyring(), 'totp', user.totpSecret, { table: 'users', id: user.id, field: 'totp_secret' });
    const step = verifyTotp(secret, input.totp, now, user.lastTotpStep);
    if (step === null) return fail(new DomainError('TOTP_INVALID', 'The code is not right, or was already used.'));
    // Spend the code in the same statement that checks it is unspent: of concurrent sign-ins with
    // one code, exactly one gets the row back (docs/security.md).
    const [spent] = await db
      .update(users)
      .set({ lastTotpStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.lastTotpStep), lt(users.lastTotpStep, step))))
      .returning({ id: users.id });
    if (!spent) return fail(new DomainError('TOTP_INVALID', 'The code is not right, or was already used.'));
  }

  return signedIn();

  async function signedIn(): Promise<SignedInUser> {
    const account = user!;
    await attempt.succeeded();
    await recordAudit(db, { actorType: actorTypeOfRole(account.role), actorId: account.id, action: 'auth.sign_in', targetType: 'user', targetId: account.id, ip: input.ip });
    return {
      userId: account.id,
      email: account.email,
      displayName: account.displayName,
      role: account.role,
      traderId: account.traderId,
      merchantId: account.merchantId,
      totpEnrolled: Boolean(account.totpEnabledAt),
      sessionVersion: account.sessionVersion,
    };
  }
}
