import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, traders, users } from '../../db/schema';
import { fmt6, isoMs } from '../money/format';

/** Every trader with status, whether online, the email they sign in with, and their balances. */
export async function listTraders(db: Executor) {
  const rows = await db
    .select({ trader: traders, email: users.email })
    .from(traders)
    .leftJoin(users, eq(users.traderId, traders.id))
    .orderBy(asc(traders.createdAt), asc(traders.id));
  const balances = await db
    .select({ ownerId: ledgerAccounts.ownerId, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerType, 'trader'));
  const balanceOf = (traderId: string, kind: string) =>
    fmt6(balances.find((row) => row.ownerId === traderId && row.kind === kind)?.balance ?? '0');
  return rows.map(({ trader, email }) => ({
    id: trader.id,
    name: trader.name,
    email,
    status: trader.status,
    online: trader.online,
    balances: { available: balanceOf(trader.id, 'available'), frozen: balanceOf(trader.id, 'frozen'), escrow: balanceOf(trader.id, 'escrow') },
    createdAt: isoMs(trader.createdAt),
  }));
}
