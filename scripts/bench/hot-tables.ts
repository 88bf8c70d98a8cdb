import postgres from 'postgres';

/**
 * The small tables every create updates in place (balances, order counters, traders' turns, the
 * receiving accounts' daily usage) hold
 * thousands of dead row versions after one row; autovacuum clears them within a minute where it
 * runs, but it may be off (it is on this project's machines), and then each row would inherit the
 * previous one's bloat (ledger_accounts: 218 rows in 222 pages after a few rows). Vacuuming them
 * before each row keeps the rows independent of their order.
 */
export async function vacuumHotTables(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`vacuum ledger_accounts, merchant_order_counts, traders, trader_bank_accounts`;
  } finally {
    await client.end();
  }
}
