import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { traderQuotes } from '../../db/schema';
import { fmt2, fmtRate, isoMs } from '../money/format';

/** A trader's standing quote on each side (BUY: payouts, SELL: pay-ins), or null for a side without one. */
export async function listQuotes(db: Executor, traderId: string) {
  const rows = await db
    .select()
    .from(traderQuotes)
    .where(and(eq(traderQuotes.traderId, traderId), eq(traderQuotes.active, true)));
  const view = (side: 'BUY' | 'SELL') => {
    const quote = rows.find((row) => row.side === side);
    return quote
      ? { side, price: fmtRate(quote.price), minFiat: fmt2(quote.minFiat), maxFiat: fmt2(quote.maxFiat), updatedAt: isoMs(quote.updatedAt) }
      : null;
  };
  return { BUY: view('BUY'), SELL: view('SELL') };
}
