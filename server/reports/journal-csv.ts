import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { log } from '../logging/log';
import { categorySql, isoSql } from './report-sql';

const BATCH = 5000;
const encoder = new TextEncoder();

/** The journal's columns, in order (docs/ledger.md, "Daily journal"). */
const journalCsvColumns = ['posting_id', 'day', 'created_at', 'transfer_id', 'kind', 'category', 'order_id', 'account_id', 'amount'] as const;

export interface JournalPeriod {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

interface JournalRow {
  id: string;
  day: string;
  created_at: string;
  transfer_id: string;
  kind: string;
  category: string;
  order_id: string | null;
  account_id: string;
  amount: string;
}

/**
 * The journal of every transfer made in a period, one CSV line per posting, in posting order,
 * streamed in keyset batches over the postings' primary key (docs/ledger.md, "Daily journal").
 * The postings of a transfer share its transaction's time, so the period never cuts a transfer
 * and the amounts sum to zero per transfer and per day.
 */
export function streamJournalCsv(db: Executor, period: JournalPeriod, batchSize = BATCH): ReadableStream<Uint8Array> {
  let cursor = '0';
  let header = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          let text = header ? `${journalCsvColumns.join(',')}\r\n` : '';
          header = false;
          const rows = rowsOf<JournalRow>(
            await db.execute(sql`
              select p.id::text as id, to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${isoSql(sql`p.created_at`)} as created_at,
                p.transfer_id, t.kind, ${categorySql(sql`t.kind`)} as category, t.order_id::text as order_id, p.account_id, p.amount::numeric(26, 6)::text as amount
              from (
                select * from ledger_postings p
                where p.id > ${cursor}::bigint and p.created_at >= ${period.from.toISOString()}::timestamptz and p.created_at < ${period.to.toISOString()}::timestamptz
                order by p.id limit ${batchSize}
              ) p
              join ledger_transfers t on t.id = p.transfer_id
              order by p.id`),
          );
          for (const row of rows) {
            text += `${[row.id, row.day, row.created_at, row.transfer_id, row.kind, row.category, row.order_id ?? '', row.account_id, row.amount].join(',')}\r\n`;
          }
          if (text) controller.enqueue(encoder.encode(text));
          const last = rows.at(-1);
          if (last) cursor = last.id;
          if (rows.length < batchSize) controller.close();
        } catch (error) {
          log('error', 'journal export failed', { error });
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
}
