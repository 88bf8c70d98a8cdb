import postgres from 'postgres';

/**
 * What the bench database did over a window, for the cost of one finished order: statements where
 * pg_stat_statements is loaded (it needs `shared_preload_libraries`, which the bench does not
 * change), otherwise pg_stat_database's transactions and rows, which every PostgreSQL keeps.
 */
export interface DatabaseWork {
  /** Statements executed (pg_stat_statements), when it is loaded. */
  statements?: number;
  transactions: number;
  /** Rows inserted, updated and deleted. */
  rowsWritten: number;
  /** Rows read by scans and index fetches. */
  rowsRead: number;
}

export interface DatabaseWorkMeter {
  read(): Promise<DatabaseWork>;
  close(): Promise<void>;
}

export async function databaseWorkMeter(url: string): Promise<DatabaseWorkMeter> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const [preload] = await client<{ loaded: boolean }[]>`select current_setting('shared_preload_libraries') like '%pg_stat_statements%' as loaded`;
  const statements = Boolean(preload?.loaded);
  if (statements) await client`create extension if not exists pg_stat_statements`;
  return {
    async read() {
      // Backends send their counters at most once a second, and within a second of going idle.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const [row] = await client<{ transactions: string; written: string; read: string }[]>`
        select xact_commit + xact_rollback as transactions, tup_inserted + tup_updated + tup_deleted as written, tup_returned + tup_fetched as read
        from pg_stat_database where datname = current_database()`;
      const calls = statements
        ? Number((await client<{ calls: string | null }[]>`select sum(calls) as calls from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`)[0]?.calls ?? 0)
        : undefined;
      return { statements: calls, transactions: Number(row?.transactions ?? 0), rowsWritten: Number(row?.written ?? 0), rowsRead: Number(row?.read ?? 0) };
    },
    close: () => client.end(),
  };
}

/** The work between two readings, per finished order. */
export function workPerOrder(before: DatabaseWork, after: DatabaseWork, orders: number): DatabaseWork {
  const per = (a: number, b: number) => (orders > 0 ? (b - a) / orders : 0);
  return {
    ...(before.statements !== undefined && after.statements !== undefined ? { statements: per(before.statements, after.statements) } : {}),
    transactions: per(before.transactions, after.transactions),
    rowsWritten: per(before.rowsWritten, after.rowsWritten),
    rowsRead: per(before.rowsRead, after.rowsRead),
  };
}
