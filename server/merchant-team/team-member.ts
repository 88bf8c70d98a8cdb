import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { DomainError } from '../errors';

/**
 * A user of the actor's merchant, read inside the team lock. Another merchant's user, a trader or
 * an operator is NOT_FOUND: the id tells the caller nothing about who it belongs to.
 */
export async function teamMemberOf(tx: Tx, merchantId: string, userId: string) {
  const [member] = await tx
    .select({ id: users.id, email: users.email, displayName: users.displayName, merchantRole: users.merchantRole, status: users.status })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'merchant'), eq(users.merchantId, merchantId)));
  if (!member?.merchantRole) throw new DomainError('NOT_FOUND', 'No such member of this team.');
  if (member.status !== 'active') throw new DomainError('CONFLICT', `${member.displayName} was removed from the team.`);
  return { ...member, merchantRole: member.merchantRole };
}

interface KeepAnOwnerOptions {
  merchantId: string;
  leavingUserId: string;
  what: string;
}

/**
 * Refuses a change that would leave the merchant without an active owner (LAST_OWNER): someone
 * must always be able to run the team. Runs under the team lock, so two owners removing or
 * demoting each other at once cannot both pass.
 */
export async function keepAnOwner(tx: Tx, { merchantId, leavingUserId, what }: KeepAnOwnerOptions): Promise<void> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.merchantId, merchantId), eq(users.merchantRole, 'owner'), eq(users.status, 'active'), ne(users.id, leavingUserId)))
    .limit(1);
  if (!other) throw new DomainError('LAST_OWNER', `The last owner cannot be ${what}; make someone else an owner first.`);
}
