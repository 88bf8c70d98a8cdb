import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { actorTypeOfRole, recordAudit } from '../audit';
import { keyring } from '../config/keyring';
import { decryptField, encryptField } from '../crypto/encryption';
import { DomainError } from '../errors';
import { newTotpSecret, otpauthUrl, verifyTotp } from './totp';

const address = (userId: string) => ({ table: 'users', id: userId, field: 'totp_secret' });

/** Starts (or restarts, before confirmation) a second-factor enrolment: a new secret to scan. */
export async function startTotpEnrolment(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError('NOT_FOUND', 'No such user.');
  if (user.totpEnabledAt) throw new DomainError('CONFLICT', 'A second factor is already enrolled.');
  const secret = newTotpSecret();
  await db.update(users).set({ totpSecret: encryptField(keyring(), 'totp', secret, address(userId)) }).where(eq(users.id, userId));
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}

interface ConfirmTotpEnrolmentOptions {
  userId: string;
  code: string;
  now?: Date;
}

/** Confirms the enrolment with a first code from the app; from then on sign-in needs a code. */
export async function confirmTotpEnrolment(db: Db, { userId, code, now = new Date() }: ConfirmTotpEnrolmentOptions) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user?.totpSecret) throw new DomainError('NOT_FOUND', 'Start the enrolment first.');
  if (user.totpEnabledAt) throw new DomainError('CONFLICT', 'A second factor is already enrolled.');
  const step = verifyTotp(decryptField(keyring(), 'totp', user.totpSecret, address(userId)), code, now, user.lastTotpStep);
  if (step === null) throw new DomainError('TOTP_INVALID', 'The code is not right; check the time on your phone and try the next one.');
  await db.update(users).set({ totpEnabledAt: now, lastTotpStep: step }).where(eq(users.id, userId));
  await recordAudit(db, { actorType: actorTypeOfRole(user.role), actorId: userId, action: 'auth.totp_enrolled', targetType: 'user', targetId: userId });
}

/** Whether the user has confirmed a second factor (the session is refreshed from this, never from the client). */
export async function totpEnrolledOf(db: Db, userId: string): Promise<boolean> {
  const [user] = await db.select({ totpEnabledAt: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  return Boolean(user?.totpEnabledAt);
}
