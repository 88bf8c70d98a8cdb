import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { users } from './users';

/** The three comparisons of a day (docs/reconciliation.md). */
export type ReconciliationCheck = 'ledger_bank' | 'ledger_chain' | 'ledger_self';
/** MATCHED: the sources agree; MISMATCHED: they do not; EXPECTED: a timing gap, until `due_at`. */
export type ReconciliationState = 'MATCHED' | 'MISMATCHED' | 'EXPECTED';
/** Per check, how many of the day's subjects ended in each state. */
export type ReconciliationCounts = Record<ReconciliationCheck, Record<ReconciliationState, number>>;

/**
 * One reconciliation of one business day (UTC). Running a day again updates its run and its items
 * in place: a day has one run row, its counts the latest run's.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    counts: jsonb('counts').$type<ReconciliationCounts>().notNull(),
    /** Per chain, the block range compared with chain_deposits: the next day starts after `toBlock`. */
    chainRanges: jsonb('chain_ranges').$type<Record<string, { fromBlock: string; toBlock: string }>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reconciliation_runs_date_key').on(t.businessDate)],
);

/**
 * What a run did not find plainly matched, and what it found matched later (kept, `MATCHED`, so
 * the queue shows that the data resolved it). One row per check and subject across re-runs.
 * Details hold ids and amounts only: never card data, payer names or notification text.
 */
export const reconciliationItems = pgTable(
  'reconciliation_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    check: text('check').$type<ReconciliationCheck>().notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    state: text('state').$type<ReconciliationState>().notNull(),
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /** For EXPECTED: when it becomes MISMATCHED if the data has not arrived. */
    dueAt: instant('due_at'),
    /** How it left EXPECTED/MISMATCHED: `data` when a later run found it matched. */
    matchedBy: text('matched_by').$type<'data'>(),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: instant('resolved_at'),
    resolutionReason: text('resolution_reason'),
    firstSeenRunId: integer('first_seen_run_id').notNull(),
    lastSeenRunId: integer('last_seen_run_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reconciliation_items_subject_key').on(t.check, t.subjectType, t.subjectId),
    index('reconciliation_items_open_idx').on(t.state, t.businessDate).where(sql`${t.resolvedAt} is null`),
    index('reconciliation_items_date_idx').on(t.businessDate),
    check('reconciliation_items_state_check', sql`${t.state} in ('MATCHED', 'MISMATCHED', 'EXPECTED')`),
    check('reconciliation_items_check_check', sql`${t.check} in ('ledger_bank', 'ledger_chain', 'ledger_self')`),
    check('reconciliation_items_due_check', sql`${t.state} <> 'EXPECTED' or ${t.dueAt} is not null`),
  ],
);
