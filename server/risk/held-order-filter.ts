import { and, eq, notExists, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { riskHolds, type RiskFlow } from '../../db/schema';

/**
 * "No hold waits on this order": the condition the matcher, the payout pool and an accept add so
 * a held order is neither matched nor offered (docs/risk.md, "Review").
 */
export function notHeld(db: Executor, flow: RiskFlow, orderId: AnyPgColumn): SQL {
  return notExists(
    db
      .select({ id: riskHolds.id })
      .from(riskHolds)
      .where(and(eq(riskHolds.flow, flow), eq(riskHolds.orderId, orderId), eq(riskHolds.state, 'held'))),
  );
}

/** Whether a hold waits on this order now (an accept's check: the pool already leaves it out). */
export async function isHeld(db: Executor, flow: RiskFlow, orderId: string): Promise<boolean> {
  const rows = await db
    .select({ id: riskHolds.id })
    .from(riskHolds)
    .where(and(eq(riskHolds.flow, flow), eq(riskHolds.orderId, orderId), eq(riskHolds.state, 'held')));
  return rows.length > 0;
}
