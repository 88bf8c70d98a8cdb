import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, updatedAt } from './columns';
import { merchants } from './merchants';

export type RiskFlow = 'payin' | 'payout';
export type RiskAction = 'allow' | 'review' | 'block';
export type RiskHoldState = 'held' | 'approved' | 'rejected';

/**
 * A risk rule (docs/risk.md): its scope (the platform when merchant_id is null, else one
 * merchant), the creates it applies to, a condition in the grammar of server/risk/risk-rule.schema.ts
 * and an action. Blocklist values are stored as keyed fingerprints, never names in clear. A rule is
 * created switched off, so it is back-tested before it acts.
 */
export const riskRules = pgTable(
  'risk_rules',
  {
    id: id(),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    name: text('name').notNull(),
    flows: text('flows').array().$type<RiskFlow[]>().notNull(),
    condition: jsonb('condition').$type<Record<string, unknown>>().notNull(),
    action: text('action').$type<RiskAction>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('risk_rules_merchant_idx').on(t.merchantId),
    check('risk_rules_action_check', sql`${t.action} in ('allow', 'review', 'block')`),
  ],
);

/**
 * An order a review rule held (docs/risk.md, "Review"): not matched and not offered to traders
 * while `held`; an operator approves (the order proceeds) or rejects (the order is cancelled
 * through its machine). One hold per order.
 */
export const riskHolds = pgTable(
  'risk_holds',
  {
    id: id(),
    flow: text('flow').$type<RiskFlow>().notNull(),
    orderId: uuid('order_id').notNull(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => riskRules.id),
    state: text('state').$type<RiskHoldState>().notNull().default('held'),
    reason: text('reason'),
    decidedBy: uuid('decided_by'),
    decidedAt: instant('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('risk_holds_order_key').on(t.flow, t.orderId),
    index('risk_holds_held_idx').on(t.createdAt).where(sql`${t.state} = 'held'`),
    check('risk_holds_state_check', sql`${t.state} in ('held', 'approved', 'rejected')`),
  ],
);
