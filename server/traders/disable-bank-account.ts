import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { traderBankAccounts } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';

interface DisableBankAccountOptions {
  traderId: string;
  bankAccountId: string;
  actor: AuditActorRef;
}

/**
 * Stops new pay-ins from being matched to this account. Orders already matched keep it (the buyer
 * may be paying right now). Disabling twice is harmless; another trader's account is NOT_FOUND.
 */
export async function disableBankAccount(db: Db, { traderId, bankAccountId, actor }: DisableBankAccountOptions) {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(traderBankAccounts)
      .where(and(eq(traderBankAccounts.id, bankAccountId), eq(traderBankAccounts.traderId, traderId)))
      .for('update');
    if (!account) throw new DomainError('NOT_FOUND', 'No such bank account.');
    if (account.active) {
      await tx.update(traderBankAccounts).set({ active: false, updatedAt: sql`now()` }).where(eq(traderBankAccounts.id, account.id));
      await recordAudit(tx, {
        actorType: actor.type,
        actorId: actor.id,
        ip: actor.ip,
        action: 'trader.bank_account.disable',
        targetType: 'trader',
        targetId: traderId,
        details: { bankAccountId: account.id, accountLast4: account.accountLast4 },
      });
    }
    return { id: account.id, active: false };
  });
}
