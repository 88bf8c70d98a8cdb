import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns';
import { users } from './users';

export type ControlChangeStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

/**
 * A change to a control that guards money, such as the four-eyes threshold (docs/operator-guide.md,
 * "Controls"): proposed by one operator with a reason, applied only when a different operator
 * approves it. At most one pending change per control, so an approver never weighs two at once.
 */
export const controlChanges = pgTable(
  'control_changes',
  {
    id: id(),
    // A platform_settings key named in server/controls/control-registry.ts.
    control: text('control').notNull(),
    // The control's value before (as in effect when proposed, its default included) and after.
    fromValue: jsonb('from_value').notNull(),
    toValue: jsonb('to_value').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<ControlChangeStatus>().notNull().default('pending'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
    // Why it was rejected; null otherwise.
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('control_changes_created_idx').on(t.createdAt),
    uniqueIndex('control_changes_pending_key').on(t.control).where(sql`${t.status} = 'pending'`),
    check('control_changes_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
  ],
);
