import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';

/**
 * A session carries the user's session version from the moment it was signed in; raising the
 * version ends every session signed in before, at its next request (docs/security.md). Called on
 * suspension of the user, their trader or their merchant, password change or reset, role change and "sign out
 * everywhere", inside the same transaction as the change when there is one.
 */
export async function endSessionsOfUser(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Every user who signs in for the trader (suspending a trader ends their sessions). */
export async function endSessionsOfTrader(db: Executor, traderId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.traderId, traderId));
}

/** Every user of the merchant's team (suspending or reactivating a merchant ends their sessions). */
export async function endSessionsOfMerchant(db: Executor, merchantId: string): Promise<void> {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.merchantId, merchantId));
}

/** The command line ends a user's sessions by email (audited). */
export async function endSessionsOfEmail(db: Db, email: string, actor: AuditActorRef): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ id: users.id });
    if (!user) throw new DomainError('NOT_FOUND', `No user with email ${email}.`);
    await recordAudit(tx, { actorType: actor.type, actorId: actor.id, ip: actor.ip, action: 'auth.sign_out_everywhere', targetType: 'user', targetId: user.id });
    return { userId: user.id };
  });
}
