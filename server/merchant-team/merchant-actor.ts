import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { merchants, users } from '../../db/schema';
import type { AuditEntry } from '../audit';
import { DomainError } from '../errors';

/** A signed-in merchant user acting on their own merchant's team, and where they act from. */
export interface MerchantActor {
  merchantId: string;
  userId: string;
  ip?: string | null;
}

/** The audit log's "who" for a merchant user. */
export function auditedAs(actor: MerchantActor): Pick<AuditEntry, 'actorType' | 'actorId' | 'ip'> {
  return { actorType: 'merchant', actorId: actor.userId, ip: actor.ip ?? null };
}

/**
 * Every change to a team starts here: it locks the merchant's row, so changes to one team run one
 * after another (two owners demoting each other at once cannot leave the team without an owner),
 * and reads the acting user again inside that lock: a user removed or demoted a moment ago acts
 * no more, whatever their session said.
 */
export async function lockTeamAs(tx: Tx, actor: MerchantActor): Promise<void> {
  const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, actor.merchantId)).for('update');
  if (!merchant) throw new DomainError('NOT_FOUND', 'No such merchant.');
  const [user] = await tx
    .select({ merchantId: users.merchantId, merchantRole: users.merchantRole, status: users.status })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user || user.status !== 'active' || user.merchantId !== actor.merchantId || user.merchantRole !== 'owner') {
    throw new DomainError('FORBIDDEN', 'Only an owner of this merchant may change its team.');
  }
}

/** Locks the merchant's row for a team change made by an operator or the command line. */
export async function lockTeam(tx: Tx, merchantId: string): Promise<{ id: string; name: string }> {
  const [merchant] = await tx.select({ id: merchants.id, name: merchants.name }).from(merchants).where(eq(merchants.id, merchantId)).for('update');
  if (!merchant) throw new DomainError('NOT_FOUND', `No merchant with id ${merchantId}.`);
  return merchant;
}
