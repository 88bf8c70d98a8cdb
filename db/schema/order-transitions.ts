import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every state change of every order, with who did it: the timeline operators read in a dispute.
 * Written by the one function that applies transitions, in the same transaction.
 */
export const orderTransitions = pgTable(
  'order_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    flow: text('flow').$type<'payout' | 'payin'>().notNull(),
    orderId: uuid('order_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_transitions_order_idx').on(t.orderId, t.id),
    // Operator metrics count rulings per day over a window (docs/operator-guide.md, "Metrics").
    index('order_transitions_created_idx').on(t.createdAt),
  ],
);
