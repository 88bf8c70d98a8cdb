import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { traders } from '../../db/schema';
import { DomainError } from '../errors';

/** Switches a trader on or off line; only online traders are matched. */
export async function setTraderOnline(db: Executor, traderId: string, online: boolean): Promise<void> {
  const updated = await db
    .update(traders)
    .set({ online, updatedAt: sql`now()` })
    .where(eq(traders.id, traderId))
    .returning({ id: traders.id });
  if (updated.length === 0) throw new DomainError('NOT_FOUND', 'No such trader.');
}
