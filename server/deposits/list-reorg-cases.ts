import { asc, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chainReorgCases } from '../../db/schema';

/**
 * The open reorg cases, oldest first: credited deposits whose block left the chain, waiting for an
 * operator (docs/wallet.md, "Reorganisations"). For the operator console and the CLI.
 */
export async function listOpenReorgCases(db: Executor, options: { limit?: number } = {}) {
  const rows = await db
    .select()
    .from(chainReorgCases)
    .where(isNull(chainReorgCases.resolvedAt))
    .orderBy(asc(chainReorgCases.openedAt), asc(chainReorgCases.id))
    .limit(Math.min(Math.max(options.limit ?? 50, 1), 200));
  return rows.map((row) => ({ ...row, blockNumber: row.blockNumber.toString() }));
}
