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
  in_period: boolean;
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
 *
 * The period's first and last posting ids are found once (ledger_postings_created_idx); each batch
 * then reads the next `batchSize` ids between them along the primary key and keeps those of the
 * period, so every batch costs the same and none reads the postings before or after the period
 * (docs/performance.md, "Reports over a day of a million orders"). A posting of a transaction that
 * began before the period but was written inside its ids is read and left out.
 */
export function streamJournalCsv(db: Executor, period: JournalPeriod, batchSize = BATCH): ReadableStream<Uint8Array> {
  const from = period.from.toISOString();
  const to = period.to.toISOString();
  let bounds: { cursor: bigint; last: bigint } | null | undefined;
  let header = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          let text = header ? `${journalCsvColumns.join(',')}\r\n` : '';
          header = false;
          bounds ??= await periodIds(db, from, to);
          if (!bounds) {
            controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          // A batch of ids can hold no posting of the period; a pull that enqueues nothing is not
          // called again, so it reads on until it has a line or the period is done.
          for (;;) {
            const rows = await journalBatch(db, from, to, bounds.cursor, bounds.last, batchSize);
            for (const row of rows) {
              if (!row.in_period) continue;
              text += `${[row.id, row.day, row.created_at, row.transfer_id, row.kind, row.category, row.order_id ?? '', row.account_id, row.amount].join(',')}\r\n`;
            }
            const scanned = rows.at(-1);
            if (scanned) bounds.cursor = BigInt(scanned.id);
            if (rows.length < batchSize || bounds.cursor >= bounds.last) {
              if (text) controller.enqueue(encoder.encode(text));
              controller.close();
              return;
            }
            if (text) break;
          }
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          log('error', 'journal export failed', { error });
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
}

/** The next `batchSize` postings after `cursor` up to `last`, in id order, each saying whether it is of the period. */
async function journalBatch(db: Executor, from: string, to: string, cursor: bigint, last: bigint, batchSize: number): Promise<JournalRow[]> {
  return rowsOf<JournalRow>(
    await db.execute(sql`
      select p.id::text as id, (p.created_at >= ${from}::timestamptz and p.created_at < ${to}::timestamptz) as in_period,
        to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, ${isoSql(sql`p.created_at`)} as created_at,
        p.transfer_id, t.kind, ${categorySql(sql`t.kind`)} as category, t.order_id::text as order_id, p.account_id, p.amount::numeric(26, 6)::text as amount
      from (
        select * from ledger_postings p
        where p.id > ${cursor.toString()}::bigint and p.id <= ${last.toString()}::bigint
        order by p.id limit ${batchSize}
      ) p
      join ledger_transfers t on t.id = p.transfer_id
      order by p.id`),
  );
}

/** Just before the period's first posting id, and its last; null when the period has none. */
async function periodIds(db: Executor, from: string, to: string): Promise<{ cursor: bigint; last: bigint } | null> {
  const [row] = rowsOf<{ first: string | null; last: string | null }>(
    await db.execute(sql`select min(id)::text as first, max(id)::text as last from ledger_postings where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz`),
  );
  if (!row?.first || !row.last) return null;
  return { cursor: BigInt(row.first) - 1n, last: BigInt(row.last) };
}
