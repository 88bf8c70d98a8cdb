import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payinOrders, payoutOrders } from '../../db/schema';
import { payoutViewColumns } from '../../db/statements/payout-reads';
import { payinListColumns, payinListView } from '../payins/payin-view';
import { payoutDetailView } from '../payouts/payout-view';
import type { OrderFilter } from './merchant-orders.schema';
import { orderFilterSql, type OrderTable } from './order-filter-sql';

/** Rows read per statement: small enough to stream with little memory, large enough to be few round trips. */
const BATCH = 500;

const payoutColumns = [
  'orderNo', 'merchantOrderNo', 'status', 'usdAmount', 'usdFeeAmount', 'feeBps', 'fiatCurrency', 'lockedFiatAmount',
  'referenceFiatAmount', 'slippage', 'bankAccountLast4', 'createdAt', 'updatedAt', 'firstProofSubmittedAt',
] as const;
const payinColumns = [
  'orderNo', 'merchantOrderNo', 'status', 'assetAmount', 'usdAmount', 'usdFeeAmount', 'fiatCurrency', 'fiatAmount', 'fxRate',
  'createdAt', 'updatedAt', 'paymentSubmittedAt', 'completedAt',
] as const;

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A text that a
 * spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a
 * leading apostrophe, so a merchantOrderNo like `=HYPERLINK(...)` stays text; plain numbers, the
 * negative slippage included, are left as numbers.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (!NUMBER.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The CSV of a merchant's payouts or pay-ins under the console's filter, as chunks of text: the
 * header, then one chunk per batch of rows. Batches are read by keyset (created_at, id) on the
 * (merchant_id, created_at) index, never by offset, so the 100th batch costs what the first did and
 * rows created meanwhile neither repeat nor shift the rest. Fields are the API's list views, and
 * each batch reads only the columns those views show.
 */
export async function* exportMerchantOrders(db: Executor, options: { merchantId: string; flow: 'payouts' | 'payins'; filter: OrderFilter; batchSize?: number }): AsyncGenerator<string> {
  const batch = options.batchSize ?? BATCH;
  const cursorAt = (table: OrderTable) => sql<string>`${table.createdAt}::text`;
  const page = (table: OrderTable, after: Cursor | undefined) => orderFilterSql(table, options.merchantId, options.filter, after);
  if (options.flow === 'payouts') {
    yield* csvBatches(payoutColumns, payoutDetailView, (after) => {
      const { where, orderBy } = page(payoutOrders, after);
      return db.select({ row: payoutViewColumns, cursorAt: cursorAt(payoutOrders) }).from(payoutOrders).where(where).orderBy(...orderBy).limit(batch);
    }, batch);
  } else {
    yield* csvBatches(payinColumns, payinListView, (after) => {
      const { where, orderBy } = page(payinOrders, after);
      return db.select({ row: payinListColumns, cursorAt: cursorAt(payinOrders) }).from(payinOrders).where(where).orderBy(...orderBy).limit(batch);
    }, batch);
  }
}

type Cursor = { createdAt: string; id: string };

/** The header, then each batch's lines, the next batch read past the last row of this one. */
async function* csvBatches<Row extends { id: string }>(
  columns: readonly string[],
  view: (row: Row) => object,
  read: (after: Cursor | undefined) => Promise<{ row: Row; cursorAt: string }[]>,
  batch: number,
): AsyncGenerator<string> {
  yield line([...columns]);
  let after: Cursor | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length === 0) return;
    let chunk = '';
    for (const { row } of rows) {
      const fields = view(row) as Record<string, unknown>;
      chunk += line(columns.map((column) => fields[column] as string | number | null));
    }
    yield chunk;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursorAt, id: last.row.id };
  }
}
