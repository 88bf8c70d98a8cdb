import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { routingSettings } from './routing-settings';

export interface PayoutTaskLoad {
  /** Payout tasks the trader accepted and has not marked paid (PENDING_PAYMENT, PAYMENT_OVERDUE). */
  openTasks: number;
  /** The cap in effect (null: none), the trader's own (null: the platform's) and the platform's. */
  cap: number | null;
  ownCap: number | null;
  platformCap: number | null;
  /** How tasks reach traders: first accept, or scored rings (docs/routing.md, "Payout dispatch"). */
  mode: 'first_accept' | 'scored';
}

/** A trader's open payout tasks against its cap, for its pool page and the operator console. */
export async function payoutTaskLoad(db: Executor, traderId: string): Promise<PayoutTaskLoad> {
  const { value: settings } = await routingSettings(db);
  const [row] = rowsOf<{ ownCap: number | string | null; openTasks: number | string }>(
    await db.execute(sql`
      select (select payout_task_cap from traders where id = ${traderId}::uuid) as "ownCap",
             (select count(*) from payout_orders where trader_id = ${traderId}::uuid and status in ('PENDING_PAYMENT', 'PAYMENT_OVERDUE'))::int as "openTasks"`),
  );
  const ownCap = row?.ownCap == null ? null : Number(row.ownCap);
  const platformCap = settings.payouts.openTaskCap;
  return { openTasks: Number(row?.openTasks ?? 0), cap: ownCap ?? platformCap, ownCap, platformCap, mode: settings.payouts.mode };
}
