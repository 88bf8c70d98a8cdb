import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { actorTypeOfRole, recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { password as passwordRule } from './password-input';
import { parseInput } from '../validation/parse-input';
import { hashPassword, verifyPassword } from './password';
import { endSessionsOfUser } from './session-version';
import { clearAccountThrottles } from './sign-in-throttle';

interface ChangePasswordOptions {
  userId: string;
  current: string;
  next: string;
  now?: Date;
}

/**
 * A signed-in user changes their password, proving the current one. Every session of theirs ends,
 * the one they changed it from included: they sign in again with the new password.
 */
export async function changePassword(db: Db, { userId, current, next, now = new Date() }: ChangePasswordOptions) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, current))) {
    throw new DomainError('INVALID_CREDENTIALS', 'The current password is not right.');
  }
  const checked = parseInput(passwordRule, next);
  const passwordHash = await hashPassword(checked);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, userId));
    await endSessionsOfUser(tx, userId);
    await recordAudit(tx, { actorType: actorTypeOfRole(user.role), actorId: userId, action: 'auth.password_changed', targetType: 'user', targetId: userId });
  });
}

interface ResetPasswordOptions {
  email: string;
  next: string;
  actor: AuditActorRef;
  now?: Date;
}

/**
 * An operator (through the CLI) sets a new password: every session of the user ends, and the
 * account's sign-in throttling starts over from every address.
 */
export async function resetPassword(db: Db, { email, next, actor, now = new Date() }: ResetPasswordOptions) {
  const checked = parseInput(passwordRule, next);
  const passwordHash = await hashPassword(checked);
  const normalised = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.email, normalised)).returning({ id: users.id });
    if (!user) throw new DomainError('NOT_FOUND', `No user with email ${email}.`);
    await endSessionsOfUser(tx, user.id);
    await clearAccountThrottles(tx, normalised);
    await recordAudit(tx, { actorType: actor.type, actorId: actor.id, action: 'auth.password_reset', targetType: 'user', targetId: user.id });
    return { userId: user.id };
  });
}
