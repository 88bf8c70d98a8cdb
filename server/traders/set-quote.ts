import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { traderQuotes } from '../../db/schema';
import { recordAudit, type AuditActorRef } from '../audit';
import { DomainError } from '../errors';
import { Dec } from '../money/decimal';
import { parseInput } from '../validation/parse-input';
import { quoteInput } from './trader.schema';

type SetQuoteOptions = z.input<typeof quoteInput> & {
  traderId: string;
  actor: AuditActorRef;
};

/** Publishes a trader's quote for one side, replacing the previous one for that side. */
export async function setQuote(
  db: Db,
  { traderId, actor, ...rawInput }: SetQuoteOptions,
): Promise<typeof traderQuotes.$inferSelect> {
  const input = parseInput(quoteInput, rawInput);
  if (new Dec(input.maxFiat).lessThan(input.minFiat)) {
    throw new DomainError('VALIDATION_FAILED', 'The maximum must not be below the minimum.', {
      details: [{ path: 'maxFiat', message: 'must be at least minFiat' }],
    });
  }
  return db.transaction(async (tx) => {
    await tx
      .update(traderQuotes)
      .set({ active: false, updatedAt: sql`now()` })
      .where(and(eq(traderQuotes.traderId, traderId), eq(traderQuotes.side, input.side), eq(traderQuotes.active, true)));
    const [quote] = await tx
      .insert(traderQuotes)
      .values({ traderId, side: input.side, price: input.price, minFiat: input.minFiat, maxFiat: input.maxFiat })
      .returning();
    if (!quote) throw new Error('quote insert returned nothing');
    await recordAudit(tx, {
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip,
      action: 'trader.quote.set',
      targetType: 'trader',
      targetId: traderId,
      details: input,
    });
    return quote;
  });
}
