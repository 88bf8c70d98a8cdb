import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client';
import { DomainError } from '../errors';
import type { PayoutDispatchSettings } from '../routing/routing-settings';

/**
 * The cap on a trader's open payout tasks (docs/routing.md, "Payout dispatch"): accepted and
 * unfinished (PENDING_PAYMENT, PAYMENT_OVERDUE). The trader's row is locked first, so of two accepts
 * of one trader racing for its last free place the second counts the first's task once it commits
 * and is refused with PAYOUT_TASK_CAP_REACHED. Returns the count and the cap for the dispatch record.
 */
export async function assertUnderPayoutTaskCap(
  tx: Tx,
  traderId: string,
  dispatch: PayoutDispatchSettings,
): Promise<{ openTasks: number; cap: number | null }> {
  const [row] = rowsOf<{ cap: number | string | null }>(
    await tx.execute(sql`select payout_task_cap as cap from traders where id = ${traderId}::uuid for update`),
  );
  const cap = row?.cap == null ? dispatch.openTaskCap : Number(row.cap);
  const [count] = rowsOf<{ open: number | string }>(
    await tx.execute(sql`
      select count(*)::int as open from payout_orders
      where trader_id = ${traderId}::uuid and status in ('PENDING_PAYMENT', 'PAYMENT_OVERDUE')`),
  );
  const openTasks = Number(count?.open ?? 0);
  if (cap !== null && openTasks >= cap) {
    throw new DomainError('PAYOUT_TASK_CAP_REACHED', `You hold ${openTasks} open payout tasks, the most allowed at once.`, { meta: { openTasks: String(openTasks), cap: String(cap) } });
  }
  return { openTasks, cap };
}
