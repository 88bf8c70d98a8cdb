import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { merchants, payinOrders, payoutOrders, riskHolds, riskRules } from '../../db/schema';
import { fmt2, isoMs } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { ruleReference } from '../risk/enabled-rules';

export const listHeldOrdersInput = z
  .object({ page: z.number().int().min(1).max(100_000).default(1), pageSize: z.number().int().min(1).max(100).default(20) })
  .strict();

/**
 * The review queue (docs/risk.md, "Review"): holds waiting for an operator whose order is still
 * PENDING_MATCH (a held order that expired meanwhile has nothing left to decide), oldest first,
 * with what the operator decides on: the order, its merchant, its CNY and the rule that held it.
 * No card number or name: the rule's reference and name say why.
 */
export async function listHeldOrders(db: Executor, rawInput: z.input<typeof listHeldOrdersInput> = {}) {
  const input = parseInput(listHeldOrdersInput, rawInput);
  const orderNo = sql<string>`coalesce(${payoutOrders.orderNo}, ${payinOrders.orderNo})`;
  const amount = sql<string>`coalesce(${payoutOrders.lockedFiatAmount}, ${payinOrders.fiatAmount})::text`;
  const where = and(eq(riskHolds.state, 'held'), sql`coalesce(${payoutOrders.status}, ${payinOrders.status}) = 'PENDING_MATCH'`);
  const payoutJoin = and(eq(riskHolds.flow, 'payout'), eq(payoutOrders.id, riskHolds.orderId));
  const payinJoin = and(eq(riskHolds.flow, 'payin'), eq(payinOrders.id, riskHolds.orderId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        holdId: riskHolds.id,
        flow: riskHolds.flow,
        orderId: riskHolds.orderId,
        orderNo,
        merchantName: merchants.name,
        fiatAmount: amount,
        ruleId: riskRules.id,
        ruleName: riskRules.name,
        heldAt: riskHolds.createdAt,
      })
      .from(riskHolds)
      .innerJoin(riskRules, eq(riskRules.id, riskHolds.ruleId))
      .innerJoin(merchants, eq(merchants.id, riskHolds.merchantId))
      .leftJoin(payoutOrders, payoutJoin)
      .leftJoin(payinOrders, payinJoin)
      .where(where)
      .orderBy(asc(riskHolds.createdAt), asc(riskHolds.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(riskHolds).leftJoin(payoutOrders, payoutJoin).leftJoin(payinOrders, payinJoin).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      holdId: row.holdId,
      flow: row.flow,
      orderId: row.orderId,
      orderNo: row.orderNo,
      merchantName: row.merchantName,
      fiatAmount: fmt2(row.fiatAmount),
      ruleReference: ruleReference(row.ruleId),
      ruleName: row.ruleName,
      heldAt: isoMs(row.heldAt),
    })),
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}
