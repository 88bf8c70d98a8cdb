import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { withdrawalAddresses } from '../../../db/schema';
import { recordAudit, type AuditActorRef } from '../../audit';
import { DomainError } from '../../errors';
import type { WithdrawalOwner } from '../withdrawal-owner';

/**
 * Removes an address from the owner's book: no new withdrawal may use it; those already requested
 * go on. Another owner's address, or one already removed, is NOT_FOUND. Audited.
 */
export async function removeWithdrawalAddress(db: Db, options: { owner: WithdrawalOwner; addressId: string; actor: AuditActorRef; now?: Date }) {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawalAddresses)
      .set({ removedAt: now })
      .where(
        and(
          eq(withdrawalAddresses.id, options.addressId),
          eq(withdrawalAddresses.ownerType, options.owner.type),
          eq(withdrawalAddresses.ownerId, options.owner.id),
          isNull(withdrawalAddresses.removedAt),
        ),
      )
      .returning();
    if (!row) throw new DomainError('NOT_FOUND', 'No such address in your book.');
    await recordAudit(tx, {
      actorType: options.actor.type,
      actorId: options.actor.id,
      ip: options.actor.ip,
      action: 'wallet.withdrawal_address_removed',
      targetType: 'withdrawal_address',
      targetId: row.id,
      details: { chain: row.chainKey, address: row.address, label: row.label },
    });
    return { id: row.id, removedAt: now.toISOString() };
  });
}
