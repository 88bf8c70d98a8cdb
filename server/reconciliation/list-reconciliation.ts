import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { reconciliationItems, reconciliationRuns } from '../../db/schema';
import { parseInput } from '../validation/parse-input';

const PAGE_SIZE = 25;

export const reconciliationRunsInput = z.object({ page: z.number().int().min(1).max(1000).default(1) }).strict();

export const reconciliationItemsInput = z
  .object({
    /** open: MISMATCHED or EXPECTED and not resolved; resolved: an operator resolved it; matched: the data did. */
    filter: z.enum(['open', 'mismatched', 'expected', 'resolved', 'matched', 'all']).default('open'),
    check: z.enum(['ledger_bank', 'ledger_chain', 'ledger_self']).optional(),
    date: z.iso.date().optional(),
    page: z.number().int().min(1).max(1000).default(1),
  })
  .strict();

/** Reconciled days, newest first, with their counts (docs/reconciliation.md). */
export async function listReconciliationRuns(db: Executor, rawInput: z.input<typeof reconciliationRunsInput>) {
  const input = parseInput(reconciliationRunsInput, rawInput);
  const rows = await db
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.businessDate))
    .limit(PAGE_SIZE + 1)
    .offset((input.page - 1) * PAGE_SIZE);
  return {
    items: rows.slice(0, PAGE_SIZE).map((row) => ({
      id: row.id,
      businessDate: row.businessDate,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      counts: row.counts,
    })),
    page: input.page,
    hasMore: rows.length > PAGE_SIZE,
  };
}

/** The exceptions queue: the oldest open item first, so nothing waits behind newer ones. */
export async function listReconciliationItems(db: Executor, rawInput: z.input<typeof reconciliationItemsInput>) {
  const input = parseInput(reconciliationItemsInput, rawInput);
  const t = reconciliationItems;
  const conditions: SQL[] = [];
  if (input.filter === 'open') conditions.push(isNull(t.resolvedAt), inArray(t.state, ['MISMATCHED', 'EXPECTED']));
  if (input.filter === 'mismatched') conditions.push(eq(t.state, 'MISMATCHED'), isNull(t.resolvedAt));
  if (input.filter === 'expected') conditions.push(eq(t.state, 'EXPECTED'), isNull(t.resolvedAt));
  if (input.filter === 'resolved') conditions.push(isNotNull(t.resolvedAt));
  if (input.filter === 'matched') conditions.push(eq(t.state, 'MATCHED'));
  if (input.check) conditions.push(eq(t.check, input.check));
  if (input.date) conditions.push(eq(t.businessDate, input.date));
  const rows = await db
    .select()
    .from(t)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(t.businessDate, t.id)
    .limit(PAGE_SIZE + 1)
    .offset((input.page - 1) * PAGE_SIZE);
  return { items: rows.slice(0, PAGE_SIZE).map(reconciliationItemView), page: input.page, hasMore: rows.length > PAGE_SIZE };
}

export function reconciliationItemView(row: typeof reconciliationItems.$inferSelect) {
  return {
    id: row.id,
    businessDate: row.businessDate,
    check: row.check,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    state: row.state,
    reason: row.reason,
    details: row.details,
    dueAt: row.dueAt?.toISOString() ?? null,
    matchedBy: row.matchedBy,
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolutionReason: row.resolutionReason,
  };
}

export async function latestReconciliationRun(db: Executor) {
  const [row] = await db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.businessDate)).limit(1);
  return row;
}

/** MISMATCHED items no operator has resolved, every day. */
export async function openExceptionCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reconciliationItems)
    .where(and(eq(reconciliationItems.state, 'MISMATCHED'), isNull(reconciliationItems.resolvedAt)));
  return row?.n ?? 0;
}
