import { and, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { chainDeposits, merchants, traders } from '../../db/schema';
import { depositView } from './deposit.schema';

const PAGE_SIZE = 25;
/** A deposit still waiting for confirmations this long after it was seen is late: a stuck watcher or node. */
const LATE_AFTER_MINUTES = 30;

export const operatorDepositsInput = z
  .object({
    /** An address, a transaction hash, an owner's id, or part of an owner's name. */
    q: z
      .string()
      .trim()
      .max(100)
      .regex(/^[^\u0000]*$/, { error: 'must not contain NUL' })
      .optional(),
    filter: z.enum(['all', 'late', 'held', 'orphaned']).default('all'),
    page: z.number().int().min(1).max(1000).default(1),
  })
  .strict();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every owner's deposits for the operator console (docs/operator-guide.md, "Deposits"), newest
 * first, with the owner's name: searched by address, transaction hash, owner id or name, and
 * filtered to the ones that need a look (late, held, orphaned).
 */
export async function listOperatorDeposits(db: Executor, rawInput: z.input<typeof operatorDepositsInput>, now = new Date()) {
  const input = operatorDepositsInput.parse(rawInput);
  const conditions: SQL[] = [];
  if (input.filter === 'held') conditions.push(eq(chainDeposits.state, 'HELD'));
  if (input.filter === 'orphaned') conditions.push(eq(chainDeposits.state, 'ORPHANED'));
  if (input.filter === 'late') {
    conditions.push(eq(chainDeposits.state, 'DETECTED'), lt(chainDeposits.detectedAt, new Date(now.getTime() - LATE_AFTER_MINUTES * 60_000)));
  }
  if (input.q) {
    const q = input.q;
    const matches: SQL[] = [sql`lower(${chainDeposits.address}) = ${q.toLowerCase()}`, sql`lower(${chainDeposits.txHash}) = ${q.toLowerCase()}`];
    if (UUID.test(q)) matches.push(eq(chainDeposits.ownerId, q.toLowerCase()), eq(chainDeposits.id, q.toLowerCase()));
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    matches.push(ilike(merchants.name, pattern), ilike(traders.name, pattern));
    conditions.push(or(...matches)!);
  }
  const rows = await db
    .select({ row: chainDeposits, merchantName: merchants.name, traderName: traders.name })
    .from(chainDeposits)
    .leftJoin(merchants, and(eq(chainDeposits.ownerType, 'merchant'), eq(merchants.id, chainDeposits.ownerId)))
    .leftJoin(traders, and(eq(chainDeposits.ownerType, 'trader'), eq(traders.id, chainDeposits.ownerId)))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(chainDeposits.detectedAt), desc(chainDeposits.id))
    .limit(PAGE_SIZE + 1)
    .offset((input.page - 1) * PAGE_SIZE);
  return {
    items: rows.slice(0, PAGE_SIZE).map(({ row, merchantName, traderName }) => ({
      ...depositView(row),
      ownerType: row.ownerType,
      ownerId: row.ownerId,
      ownerName: merchantName ?? traderName ?? null,
      reorged: row.reorgedAt !== null,
    })),
    hasMore: rows.length > PAGE_SIZE,
  };
}
