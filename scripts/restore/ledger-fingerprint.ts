import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';

export interface LedgerFingerprint {
  payoutOrders: number;
  payinOrders: number;
  transfers: number;
  postings: number;
  /** md5 over every account's id and balance, in id order: equal only if every balance is. */
  balancesHash: string;
}

/** What must be equal between a database and its restored copy. Closes the connection it is given. */
export async function ledgerFingerprint(database: Database): Promise<LedgerFingerprint> {
  try {
    const [row] = rowsOf<{ payouts: number; payins: number; transfers: number; postings: number; hash: string | null }>(
      await database.db.execute(sql`
        select (select count(*) from payout_orders)::int as payouts,
               (select count(*) from payin_orders)::int as payins,
               (select count(*) from ledger_transfers)::int as transfers,
               (select count(*) from ledger_postings)::int as postings,
               (select md5(string_agg(id || '=' || balance::text, ',' order by id)) from ledger_accounts) as hash`),
    );
    return { payoutOrders: row!.payouts, payinOrders: row!.payins, transfers: row!.transfers, postings: row!.postings, balancesHash: row!.hash ?? '' };
  } finally {
    await database.close();
  }
}
