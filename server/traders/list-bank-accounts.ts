import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { traderBankAccounts } from '../../db/schema';
import { isoMs } from '../money/format';

/** A trader's receiving accounts, active first; the number only by its last 4 digits. */
export async function listBankAccounts(db: Executor, traderId: string) {
  const rows = await db
    .select()
    .from(traderBankAccounts)
    .where(eq(traderBankAccounts.traderId, traderId))
    .orderBy(desc(traderBankAccounts.active), desc(traderBankAccounts.createdAt), desc(traderBankAccounts.id));
  return rows.map((row) => ({
    id: row.id,
    holderName: row.holderName,
    bankName: row.bankName,
    accountLast4: row.accountLast4,
    active: row.active,
    createdAt: isoMs(row.createdAt),
  }));
}
