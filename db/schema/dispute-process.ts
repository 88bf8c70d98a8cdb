import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money2, money6 } from './columns';
import type { EvidenceFlow, EvidenceParty } from './dispute-evidence';
import { users } from './users';

/**
 * An operator asking one party of a dispute for more (docs/operator-guide.md, "Evidence"): shown to
 * that party with its deadline until evidence answering it arrives (`fulfilledAt`) or it is withdrawn.
 */
export const disputeEvidenceRequests = pgTable(
  'dispute_evidence_requests',
  {
    id: id(),
    flow: text('flow').$type<EvidenceFlow>().notNull(),
    orderId: uuid('order_id').notNull(),
    party: text('party').$type<Exclude<EvidenceParty, 'operator'>>().notNull(),
    message: text('message').notNull(),
    dueAt: instant('due_at').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    fulfilledAt: instant('fulfilled_at'),
    withdrawnAt: instant('withdrawn_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dispute_evidence_requests_order_idx').on(t.flow, t.orderId, t.createdAt),
    check('dispute_evidence_requests_flow_check', sql`${t.flow} in ('payout', 'payin')`),
    check('dispute_evidence_requests_party_check', sql`${t.party} in ('merchant', 'buyer', 'trader')`),
  ],
);

export type RulingProposalStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

/**
 * A ruling above the four-eyes amount (docs/operator-guide.md, "Four eyes"): proposed by the
 * operator holding the case, applied only when a second operator approves it. At most one pending
 * proposal per order.
 */
export const disputeRulingProposals = pgTable(
  'dispute_ruling_proposals',
  {
    id: id(),
    flow: text('flow').$type<EvidenceFlow>().notNull(),
    orderId: uuid('order_id').notNull(),
    ruling: text('ruling').notNull(),
    reasonCode: text('reason_code').notNull(),
    // For a split: the USDT going to the trader (payout) or to the merchant (pay-in).
    splitAmount: money6('split_amount'),
    note: text('note').notNull(),
    // The four-eyes threshold in effect when it was proposed: a later change of the threshold never
    // applies to a pending proposal (it still needs its second operator).
    fourEyesThreshold: money2('four_eyes_threshold').notNull(),
    status: text('status').$type<RulingProposalStatus>().notNull().default('pending'),
    // Null when an automatic ruling or the parties' settlement above the threshold proposed it
    // (autoRulingId or agreementId says which).
    proposedBy: uuid('proposed_by').references(() => users.id),
    autoRulingId: uuid('auto_ruling_id'),
    // Null unless the parties' accepted settlement proposed it (dispute_agreements).
    agreementId: uuid('agreement_id'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('dispute_ruling_proposals_order_idx').on(t.flow, t.orderId, t.createdAt),
    uniqueIndex('dispute_ruling_proposals_pending_key').on(t.flow, t.orderId).where(sql`${t.status} = 'pending'`),
    check('dispute_ruling_proposals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
  ],
);

export type TimerAdjustmentKind = 'pause' | 'resume' | 'extend' | 'outage_catch_up';

/**
 * Every change to an order's deadlines that is not a transition (docs/state-machines.md, "Pauses"):
 * a dispute pausing and resuming them, an operator extending one with a reason, or the scheduler
 * giving back time it was not running.
 */
export const orderTimerAdjustments = pgTable(
  'order_timer_adjustments',
  {
    id: id(),
    flow: text('flow').$type<EvidenceFlow>().notNull(),
    orderId: uuid('order_id').notNull(),
    kind: text('kind').$type<TimerAdjustmentKind>().notNull(),
    // The deadline column moved, e.g. payment_due_at; null for a pause that moves nothing yet.
    timer: text('timer'),
    seconds: integer('seconds').notNull().default(0),
    reason: text('reason'),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_timer_adjustments_order_idx').on(t.orderId, t.createdAt),
    check('order_timer_adjustments_kind_check', sql`${t.kind} in ('pause', 'resume', 'extend', 'outage_catch_up')`),
  ],
);

/**
 * The scheduler's heartbeat, one row per scheduler loop: a gap between beats longer than the tick
 * is an outage, and timers due inside it get the missed time back instead of all firing at once.
 */
export const schedulerHeartbeats = pgTable('scheduler_heartbeats', {
  name: text('name').primaryKey(),
  lastBeatAt: instant('last_beat_at').notNull(),
});
