import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Executor } from '../../db/client';
import { riskRules, type RiskFlow } from '../../db/schema';
import { DomainError } from '../errors';
import { parseInput } from '../validation/parse-input';
import type { RiskRule } from './enabled-rules';
import { nameFingerprint } from './fingerprint-values';
import { flowColumns, OUTLIER_MIN_HISTORY } from './order-history';
import { riskRuleView } from './risk-rule-view';
import type { StoredCondition } from './risk-rule.schema';

export const backTestRiskRuleInput = z.object({ ruleId: z.uuid(), lastOrders: z.number().int().min(10).max(10_000).default(10_000) }).strict();

/**
 * Runs a rule over history before it is switched on (docs/risk.md, "Back-test first"): for each
 * flow it applies to, of the last N orders in its scope, how many it would have matched, each
 * judged as the create would have been (its velocity window and outlier history end at that
 * order). Counted in SQL, so memory does not grow with N; a name blocklist, whose fingerprints
 * only the application can compute, reads the names in batches of 1,000.
 */
export async function backTestRiskRule(db: Executor, rawInput: z.input<typeof backTestRiskRuleInput>, scope: { merchantId?: string } = {}) {
  const input = parseInput(backTestRiskRuleInput, rawInput);
  const [row] = await db.select().from(riskRules).where(eq(riskRules.id, input.ruleId));
  if (!row || (scope.merchantId !== undefined && row.merchantId !== scope.merchantId)) throw new DomainError('NOT_FOUND', 'No such risk rule.');
  const rule = row as RiskRule;
  const flows = [];
  for (const flow of rule.flows) flows.push({ flow, ...(await countFlow(db, rule, flow, input.lastOrders)) });
  return { rule: riskRuleView(rule), lastOrders: input.lastOrders, action: rule.action, flows };
}

async function countFlow(db: Executor, rule: RiskRule, flow: RiskFlow, lastOrders: number): Promise<{ evaluated: number; matched: number }> {
  const condition = rule.condition;
  if (condition.kind === 'blocklist' && condition.list === 'name') return countNames(db, rule, condition.entries, lastOrders);
  const columns = flowColumns[flow];
  const scope = rule.merchantId ? sql`where merchant_id = ${rule.merchantId}` : sql``;
  const [counted] = rowsOf<{ evaluated: number; matched: number }>(
    await db.execute(sql`
      with recent as (
        select * from ${columns.table} ${scope} order by created_at desc, id desc limit ${lastOrders}
      )
      select count(*)::int as evaluated, (count(*) filter (where ${predicate(rule, flow, condition)}))::int as matched from recent o`),
  );
  return { evaluated: Number(counted?.evaluated ?? 0), matched: Number(counted?.matched ?? 0) };
}

/** The condition as a predicate on one earlier order `o`, as evaluate-risk.ts judges a create. */
function predicate(rule: RiskRule, flow: RiskFlow, condition: StoredCondition): SQL {
  const columns = flowColumns[flow];
  switch (condition.kind) {
    case 'blocklist': {
      const key = condition.list === 'buyer_reference' ? columns.keys.buyer_reference : columns.keys.recipient_account;
      if (!key) return sql`false`;
      return sql`${key('o')} in (select jsonb_array_elements_text(${JSON.stringify(condition.entries)}::jsonb))`;
    }
    case 'velocity': {
      const key = columns.keys[condition.per];
      if (!key) return sql`false`;
      const merchant = rule.merchantId || condition.per === 'buyer_reference' ? sql`and p.merchant_id = o.merchant_id` : sql``;
      const window = sql`${key('p')} = ${key('o')} and p.created_at > o.created_at - make_interval(mins => ${condition.windowMinutes}) and p.created_at <= o.created_at ${merchant}`;
      const count = condition.maxCount !== undefined ? sql`(select count(*) from ${columns.table} p where ${window}) > ${condition.maxCount}` : sql`false`;
      const amount = condition.maxAmount !== undefined ? sql`(select coalesce(sum(${columns.amount('p')}), 0) from ${columns.table} p where ${window}) > ${condition.maxAmount}::numeric` : sql`false`;
      return sql`(${key('o')} is not null and (${count} or ${amount}))`;
    }
    case 'amount_outlier': {
      const fraction = ((condition.percentile ?? 50) / 100).toFixed(2);
      const times = condition.timesMedian ?? '1';
      return sql`(select case when count(*) >= ${OUTLIER_MIN_HISTORY} then ${columns.amount('o')} > percentile_disc(${fraction}::float8) within group (order by h.amount) * ${times}::numeric else false end
                    from (select ${columns.amount('p')} as amount from ${columns.table} p
                           where p.merchant_id = o.merchant_id and p.created_at < o.created_at
                           order by p.created_at desc limit ${condition.lastOrders}) h)`;
    }
    case 'payer_name_mismatch':
      return flow === 'payin' ? sql`exists (select 1 from bank_notifications n where n.payin_order_id = o.id and n.score_signals->>'payerName' = 'differs')` : sql`false`;
  }
}

/** A name blocklist over the last N payouts: the names are read in keyset batches and fingerprinted here. */
async function countNames(db: Executor, rule: RiskRule, entries: readonly string[], lastOrders: number) {
  const blocked = new Set(entries);
  let evaluated = 0;
  let matched = 0;
  let after = null as { createdAt: string; id: string } | null;
  while (evaluated < lastOrders) {
    const limit = Math.min(1000, lastOrders - evaluated);
    const merchant = rule.merchantId ? sql`and merchant_id = ${rule.merchantId}` : sql``;
    const keyset: SQL = after ? sql`and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``;
    const rows: { id: string; created_at: string; name: string }[] = rowsOf<{ id: string; created_at: string; name: string }>(
      await db.execute(sql`select id, created_at::text as created_at, recipient_holder_name as name from payout_orders
                            where true ${merchant} ${keyset} order by created_at desc, id desc limit ${limit}`),
    );
    for (const row of rows) if (blocked.has(nameFingerprint(row.name))) matched += 1;
    evaluated += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < limit) break;
    after = { createdAt: last.created_at, id: last.id };
  }
  return { evaluated, matched };
}
