import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { traderBankAccounts } from '../../db/schema';
import { DomainError } from '../errors';

/** The trader's active account, locked; another trader's or a disabled one does not exist for them. */
export async function lockAccount(tx: Tx, traderId: string, bankAccountId: string) {
  const [account] = await tx
    .select()
    .from(traderBankAccounts)
    .where(and(eq(traderBankAccounts.id, bankAccountId), eq(traderBankAccounts.traderId, traderId), eq(traderBankAccounts.active, true)))
    .for('update');
  if (!account) throw new DomainError('BANK_ACCOUNT_NOT_FOUND', 'No active bank account of yours has this id.');
  return account;
}
