import { and, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders, payoutOrders, traders } from '../../db/schema';
import { DomainError } from '../errors';
import { balancesOf } from '../ledger/balances';
import { fmt6 } from '../money/format';

/** What the trader's overview page shows: the online switch, the balances and what awaits them. */
export async function traderOverview(db: Executor, traderId: string) {
  const [trader] = await db.select().from(traders).where(eq(traders.id, traderId));
  if (!trader) throw new DomainError('NOT_FOUND', 'No such trader.');
  const [balances, payoutsDue, payinsToCheck] = await Promise.all([
    balancesOf(db, 'trader', traderId),
    db
      .select({ n: count() })
      .from(payoutOrders)
      .where(and(eq(payoutOrders.traderId, traderId), inArray(payoutOrders.status, ['PENDING_PAYMENT', 'PAYMENT_OVERDUE']))),
    db
      .select({ n: count() })
      .from(payinOrders)
      .where(and(eq(payinOrders.traderId, traderId), eq(payinOrders.status, 'PAYMENT_SUBMITTED'))),
  ]);
  return {
    name: trader.name,
    status: trader.status,
    online: trader.online,
    // USDT, 6 decimals, as strings: money never becomes a JS number.
    balances: {
      available: fmt6(balances.available ?? '0'),
      frozen: fmt6(balances.frozen ?? '0'),
      escrow: fmt6(balances.escrow ?? '0'),
    },
    counts: {
      payoutsAwaitingTransfer: Number(payoutsDue[0]?.n ?? 0),
      payinsAwaitingRelease: Number(payinsToCheck[0]?.n ?? 0),
    },
  };
}
