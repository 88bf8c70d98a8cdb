import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money6 } from './columns';
import type { EvidenceFlow } from './dispute-evidence';
import { users } from './users';

export type DeadlineParty = 'merchant' | 'buyer' | 'trader' | 'operator';
/** answer: the party the dispute waits on; evidence_request: an operator's request; ruling: the operator's decision. */
export type DeadlineKind = 'answer' | 'evidence_request' | 'ruling';

/**
 * What a dispute waits for from whom, and by when (docs/operator-guide.md, "Deadlines"). The due
 * time comes from the platform's deadline settings when the row is written and never moves with
 * them. `partyId` is the trader or merchant whose record a miss counts in (null for a buyer and for
 * the operators as a team). A row is met when the party answered before `dueAt`, missed otherwise.
 */
export const disputeDeadlines = pgTable(
  'dispute_deadlines',
  {
    id: id(),
    flow: text('flow').$type<EvidenceFlow>().notNull(),
    orderId: uuid('order_id').notNull(),
    party: text('party').$type<DeadlineParty>().notNull(),
    partyId: uuid('party_id'),
    kind: text('kind').$type<DeadlineKind>().notNull(),
    requestId: uuid('request_id'),
    // From when an answer counts: the dispute's time, or the request's.
    startsAt: instant('starts_at').notNull(),
    dueAt: instant('due_at').notNull(),
    metAt: instant('met_at'),
    missedAt: instant('missed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dispute_deadlines_order_idx').on(t.flow, t.orderId),
    index('dispute_deadlines_open_idx').on(t.dueAt).where(sql`${t.metAt} is null and ${t.missedAt} is null`),
    index('dispute_deadlines_missed_idx').on(t.party, t.partyId).where(sql`${t.missedAt} is not null`),
    // One answer and one ruling deadline per party and dispute (a withdrawn and reopened payout dispute starts new ones).
    uniqueIndex('dispute_deadlines_case_key').on(t.flow, t.orderId, t.party, t.kind, t.startsAt).where(sql`${t.kind} <> 'evidence_request'`),
    uniqueIndex('dispute_deadlines_request_key').on(t.requestId).where(sql`${t.requestId} is not null`),
    check('dispute_deadlines_party_check', sql`${t.party} in ('merchant', 'buyer', 'trader', 'operator')`),
    check('dispute_deadlines_kind_check', sql`${t.kind} in ('answer', 'evidence_request', 'ruling')`),
    check('dispute_deadlines_outcome_check', sql`${t.metAt} is null or ${t.missedAt} is null`),
  ],
);

export type AutoRulingStatus = 'pending' | 'applied' | 'proposed' | 'stopped' | 'superseded';

/**
 * A ruling a documented rule found for a clear case (docs/operator-guide.md, "Automatic rulings"):
 * it waits `applyAt` so an operator can stop it, then the scheduler applies it through the ruling
 * path, or makes it a four-eyes proposal when the order is above the threshold. At most one
 * pending per order; a stopped rule is never proposed again for the same dispute.
 */
export const disputeAutoRulings = pgTable(
  'dispute_auto_rulings',
  {
    id: id(),
    flow: text('flow').$type<EvidenceFlow>().notNull(),
    orderId: uuid('order_id').notNull(),
    // The dispute it belongs to: the order's disputedAt when the rule was found.
    disputedAt: instant('disputed_at').notNull(),
    rule: text('rule').notNull(),
    ruling: text('ruling').notNull(),
    reasonCode: text('reason_code').notNull(),
    note: text('note').notNull(),
    total: money6('total').notNull(),
    applyAt: instant('apply_at').notNull(),
    status: text('status').$type<AutoRulingStatus>().notNull().default('pending'),
    // Who stopped it and why; or what happened instead (superseded: the order moved on first).
    stoppedBy: uuid('stopped_by').references(() => users.id),
    outcomeNote: text('outcome_note'),
    proposalId: uuid('proposal_id'),
    decidedAt: instant('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dispute_auto_rulings_order_idx').on(t.flow, t.orderId),
    index('dispute_auto_rulings_due_idx').on(t.applyAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('dispute_auto_rulings_pending_key').on(t.flow, t.orderId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('dispute_auto_rulings_rule_key').on(t.flow, t.orderId, t.disputedAt, t.rule),
    check('dispute_auto_rulings_status_check', sql`${t.status} in ('pending', 'applied', 'proposed', 'stopped', 'superseded')`),
  ],
);
