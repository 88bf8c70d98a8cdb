import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { password as passwordRule } from '../users/user.schema';
import { parseInput } from '../validation/parse-input';
import { hashPassword, verifyPassword } from './password';

/** A signed-in user changes their password, proving the current one. */
export async function changePassword(db: Db, userId: string, current: string, next: string, now = new Date()) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, current))) {
    throw new DomainError('INVALID_CREDENTIALS', 'The current password is not right.');
  }
  const checked = parseInput(passwordRule, next);
  await db.update(users).set({ passwordHash: await hashPassword(checked), passwordChangedAt: now }).where(eq(users.id, userId));
  await recordAudit(db, { actorType: user.role === 'operator' ? 'operator' : 'trader', actorId: userId, action: 'auth.password_changed', targetType: 'user', targetId: userId });
}

/** An operator (through the CLI) sets a new password and lifts any lock. */
export async function resetPassword(db: Db, email: string, next: string, actor: AuditActorRef, now = new Date()) {
  const checked = parseInput(passwordRule, next);
  const [user] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(checked), passwordChangedAt: now, failedSignIns: 0, lockedUntil: null })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  if (!user) throw new DomainError('NOT_FOUND', `No user with email ${email}.`);
  await recordAudit(db, { actorType: actor.type, actorId: actor.id, action: 'auth.password_reset', targetType: 'user', targetId: user.id });
  return { userId: user.id };
}
