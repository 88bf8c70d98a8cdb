import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, type LedgerAccountKind, type LedgerOwner } from '../../db/schema';

export type Balances = Partial<Record<LedgerAccountKind, string>>;

/** The balances of one owner, by account kind, as 6-decimal strings. */
export async function balancesOf(db: Executor, ownerType: LedgerOwner, ownerId: string): Promise<Balances> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, ownerType), eq(ledgerAccounts.ownerId, ownerId)));
  return Object.fromEntries(rows.map((row) => [row.kind, row.balance])) as Balances;
}

export async function balanceOf(db: Executor, accountId: string): Promise<string> {
  const rows = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  const row = rows[0];
  if (!row) throw new Error(`no ledger account ${accountId}`);
  return row.balance;
}
