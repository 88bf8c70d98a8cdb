import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { chainDeposits, merchants, traders } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { accountIds } from '../ledger/account-ids';
import { move } from '../ledger/move';
import { parseInput } from '../validation/parse-input';
import { applyDepositTransition } from './apply-deposit-transition';
import { depositView } from './deposit.schema';
import { depositTransferId } from './settle-deposits';

export const resolveHeldDepositInput = z
  .object({
    depositId: z.uuid(),
    decision: z.enum(['credit', 'dismiss']),
    /** Whom to credit: required for a deposit to an unknown address, else its address's owner by default. */
    owner: z
      .discriminatedUnion('type', [z.object({ type: z.literal('merchant'), id: z.uuid() }), z.object({ type: z.literal('trader'), id: z.uuid() })])
      .optional(),
    note: z.string().trim().min(1).max(500),
  })
  .strict();

/**
 * An operator's decision on a HELD deposit (docs/wallet.md, "Held deposits"): credit it (through
 * the deposit machine's `release`, with the ledger transfer the watcher would have posted, its
 * event and the audit entry, all in one transaction) or dismiss it (no credit; audited). A deposit
 * another operator resolved first is INVALID_ORDER_STATE and nothing changes.
 */
export async function resolveHeldDeposit(db: Db, rawInput: z.input<typeof resolveHeldDepositInput>, actor: AuditActorRef) {
  const input = parseInput(resolveHeldDepositInput, rawInput);
  return retryTransaction(db, async (tx) => {
    const [deposit] = await tx.select().from(chainDeposits).where(eq(chainDeposits.id, input.depositId)).for('update');
    if (!deposit) throw new DomainError('NOT_FOUND', 'No deposit with this id.');
    const now = new Date();
    if (input.decision === 'dismiss') {
      const row = await applyDepositTransition(tx, { deposit, action: 'dismiss', changes: {}, now, actor: 'operator' });
      if (!row) throw new DomainError('INVALID_ORDER_STATE', 'The deposit was resolved meanwhile.');
      await audit(tx as unknown as Db, actor, 'wallet.held_deposit_dismissed', row, { note: input.note });
      return depositView(row);
    }
    const owner = input.owner ?? (deposit.ownerType && deposit.ownerId ? { type: deposit.ownerType, id: deposit.ownerId } : undefined);
    if (!owner) throw new DomainError('VALIDATION_FAILED', 'This deposit reached an unknown address: name the merchant or trader to credit.');
    const table = owner.type === 'merchant' ? merchants : traders;
    const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, owner.id));
    if (!exists) throw new DomainError('ACCOUNT_NOT_FOUND', `No ${owner.type} with this id.`);
    const transferId = depositTransferId(deposit);
    // Planned first so that a deposit that is not HELD is refused before any money moves.
    const row = await applyDepositTransition(tx, { deposit, action: 'release', changes: { creditedAt: now, transferId, ownerType: owner.type, ownerId: owner.id }, now, actor: 'operator' });
    if (!row) throw new DomainError('INVALID_ORDER_STATE', 'The deposit was resolved meanwhile.');
    await move(tx, {
      id: transferId,
      kind: 'deposit.credit',
      memo: `${deposit.chainKey} ${deposit.txHash}:${deposit.logIndex} (held, credited by an operator)`,
      from: accountIds.external,
      to: [{ accountId: owner.type === 'merchant' ? accountIds.merchantAvailable(owner.id) : accountIds.traderAvailable(owner.id), amount: deposit.amount }],
    });
    await audit(tx as unknown as Db, actor, 'wallet.held_deposit_credited', row, { note: input.note, ownerType: owner.type, ownerId: owner.id, amount: deposit.amount, transferId });
    return depositView(row);
  });
}

async function audit(db: Db, actor: AuditActorRef, action: string, row: typeof chainDeposits.$inferSelect, details: Record<string, unknown>) {
  await recordAudit(db, {
    actorType: actor.type,
    actorId: actor.id,
    ip: actor.ip,
    action,
    targetType: 'deposit',
    targetId: row.id,
    details: { chain: row.chainKey, txHash: row.txHash, logIndex: row.logIndex, heldReason: row.heldReason, ...details },
  });
}
