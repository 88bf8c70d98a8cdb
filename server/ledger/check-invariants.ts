import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { Dec } from '../money/decimal';

export interface InvariantReport {
  ok: boolean;
  checkedAt: string;
  accounts: number;
  transfers: number;
  /** Sum of all balances per currency: zero in a closed double-entry ledger. */
  totals: { currency: string; sum: string }[];
  /** Accounts whose cached balance differs from the sum of their postings. */
  balanceMismatches: { accountId: string; balance: string; postings: string }[];
  /** Transfers whose postings do not sum to zero, or that have none. */
  unbalancedTransfers: { transferId: string; sum: string; legs: number }[];
  /** Accounts below zero that must never be. */
  negativeAccounts: { accountId: string; balance: string }[];
}

const LIMIT = 50;

/**
 * Proves the ledger's invariants from the rows themselves (TigerBeetle's habit: check, never assume).
 * Tests call it after every step; the operator console shows its figures.
 */
export async function checkLedgerInvariants(db: Executor): Promise<InvariantReport> {
  const [counts] = rowsOf<{ accounts: string | number; transfers: string | number }>(
    await db.execute(sql`
      select (select count(*) from ledger_accounts) as accounts,
             (select count(*) from ledger_transfers) as transfers`),
  );
  const totals = rowsOf<{ currency: string; sum: string }>(
    await db.execute(sql`
      select currency, coalesce(sum(balance), 0)::text as sum
      from ledger_accounts group by currency order by currency`),
  );
  const balanceMismatches = rowsOf<{ accountId: string; balance: string; postings: string }>(
    await db.execute(sql`
      select a.id as "accountId", a.balance::text as balance, coalesce(p.sum, 0)::text as postings
      from ledger_accounts a
      left join (select account_id, sum(amount) as sum from ledger_postings group by account_id) p
        on p.account_id = a.id
      where a.balance <> coalesce(p.sum, 0)
      order by a.id limit ${LIMIT}`),
  );
  const unbalancedTransfers = rowsOf<{ transferId: string; sum: string; legs: string | number }>(
    await db.execute(sql`
      select t.id as "transferId", coalesce(sum(p.amount), 0)::text as sum, count(p.id) as legs
      from ledger_transfers t left join ledger_postings p on p.transfer_id = t.id
      group by t.id
      having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2
      order by t.id limit ${LIMIT}`),
  );
  const negativeAccounts = rowsOf<{ accountId: string; balance: string }>(
    await db.execute(sql`
      select id as "accountId", balance::text as balance
      from ledger_accounts where not allow_negative and balance < 0
      order by id limit ${LIMIT}`),
  );

  const totalsZero = totals.every((row) => new Dec(row.sum).isZero());
  return {
    ok: totalsZero && balanceMismatches.length === 0 && unbalancedTransfers.length === 0 && negativeAccounts.length === 0,
    checkedAt: new Date().toISOString(),
    accounts: Number(counts?.accounts ?? 0),
    transfers: Number(counts?.transfers ?? 0),
    totals,
    balanceMismatches,
    unbalancedTransfers: unbalancedTransfers.map((row) => ({ ...row, legs: Number(row.legs) })),
    negativeAccounts,
  };
}
