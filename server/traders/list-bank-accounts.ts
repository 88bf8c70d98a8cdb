import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { traderBankAccounts } from '../../db/schema';
import { isoMs, isoMsOrNull } from '../money/format';
import { isListenerSilent } from './listener-health';

/**
 * A trader's receiving accounts, active first; the number only by its last 4 digits. With each, its
 * automatic-confirmation settings and whether its forwarder has gone silent (the dashboard alerts).
 */
export async function listBankAccounts(db: Executor, traderId: string, now = new Date()) {
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
    autoConfirm: row.autoConfirm,
    autoConfirmThreshold: row.autoConfirmThreshold,
    listenerSilenceSeconds: row.listenerSilenceSeconds,
    listenerLastSeenAt: isoMsOrNull(row.listenerLastSeenAt),
    listenerSilent: row.active && isListenerSilent(row, now),
    createdAt: isoMs(row.createdAt),
  }));
}
