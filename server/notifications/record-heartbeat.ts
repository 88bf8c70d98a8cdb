import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { traderBankAccounts } from '../../db/schema';
import { isoMs } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { lockAccount } from './lock-account';
import { heartbeatInput } from './notification.schema';

/** The forwarder says it is alive (docs/api.md, "Bank notifications"): the account's listener is seen now. */
export async function recordHeartbeat(db: Db, options: { traderId: string; input: unknown; now?: Date }) {
  const input = parseInput(heartbeatInput, options.input);
  const now = options.now ?? new Date();
  return retryTransaction(db, async (tx) => {
    const account = await lockAccount(tx, options.traderId, input.bankAccountId);
    const [updated] = await tx
      .update(traderBankAccounts)
      .set({ listenerLastSeenAt: sql`greatest(${traderBankAccounts.listenerLastSeenAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(traderBankAccounts.id, account.id))
      .returning();
    if (!updated?.listenerLastSeenAt) throw new Error('the locked account vanished');
    return { bankAccountId: updated.id, listenerLastSeenAt: isoMs(updated.listenerLastSeenAt), autoConfirm: updated.autoConfirm };
  });
}
