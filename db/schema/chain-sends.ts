import { numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * An on-chain send the signer process signs once and broadcasts (docs/wallet.md, "Withdrawals").
 * The API side only queues rows here, in the transaction that approves the withdrawal; one row per
 * (purpose, reference), so a retried approval never queues a second send.
 */
export const chainSends = pgTable(
  'chain_sends',
  {
    id: id(),
    chain: text('chain').notNull(),
    purpose: text('purpose').notNull(),
    referenceId: uuid('reference_id').notNull(),
    toAddress: text('to_address').notNull(),
    amount: numeric('amount', { precision: 30, scale: 6 }).notNull(),
    state: text('state').notNull().default('QUEUED'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chain_sends_purpose_reference_key').on(t.purpose, t.referenceId)],
);
