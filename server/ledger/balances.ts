import { and, eq, sql } from 'drizzle-orm';
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

/** One account's balance. The platform's fees are over many accounts: platformFeeBalance sums them. */
export async function balanceOf(db: Executor, accountId: string): Promise<string> {
  const rows = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  const row = rows[0];
  if (!row) throw new Error(`no ledger account ${accountId}`);
  return row.balance;
}

/** The fees the platform has earned: the first fee account (earlier fees) plus every stripe. */
export async function platformFeeBalance(db: Executor): Promise<string> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::numeric(26, 6)::text` })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerType, 'platform'), eq(ledgerAccounts.kind, 'fees')));
  return row?.balance ?? '0.000000';
}
