import { bigint, bigserial, boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every run of the ledger invariant check, scheduled (incremental) or on demand (full): when, how
 * long, the outcome, and how far it got. The next incremental run starts after
 * `checkedThroughPostingId` of the last one (server/ledger/run-invariant-check.ts).
 */
export const ledgerChecks = pgTable('ledger_checks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').$type<'incremental' | 'full'>().notNull(),
  ok: boolean('ok').notNull(),
  durationMs: integer('duration_ms').notNull(),
  checkedThroughPostingId: bigint('checked_through_posting_id', { mode: 'number' }).notNull(),
  transfersChecked: integer('transfers_checked').notNull(),
  accountsChecked: integer('accounts_checked').notNull(),
  /** The failures found (at most 50 of each kind), empty when ok. */
  problems: jsonb('problems').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});
