import type { Executor } from '../../db/client';
import { riskHolds, type RiskFlow } from '../../db/schema';

/**
 * Records that a review rule held an order, in the create's transaction (a payout's hold is
 * written by create_payouts itself, from the create's `hold`). A held order is not matched and
 * not offered to traders until an operator approves it (docs/risk.md, "Review").
 */
export async function holdOrder(db: Executor, hold: { flow: RiskFlow; orderId: string; merchantId: string; ruleId: string; now: Date }): Promise<void> {
  await db.insert(riskHolds).values({ flow: hold.flow, orderId: hold.orderId, merchantId: hold.merchantId, ruleId: hold.ruleId, state: 'held', createdAt: hold.now });
}
