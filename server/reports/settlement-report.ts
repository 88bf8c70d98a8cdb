import type { Executor } from '../../db/client';
import type { Keyring } from '../crypto/keyring';
import { Dec } from '../money/decimal';
import { canonicalJson } from './canonical-json';
import { reportDigest, signReportDigest } from './report-signing';
import type { SettlementReport, SettlementRow, SignedSettlementReport } from './settlement-report.schema';
import { dayBounds, merchantBalanceAt, settlementRowsBatch, type RowCursor } from './settlement-rows';

const BATCH = 1000;

interface SettlementReportOfOptions {
  ring: Keyring;
  merchantId: string;
  date: string;
}

/**
 * A merchant's settlement report for one UTC day, signed (docs/api.md, "Settlement reports"). The
 * JSON form holds the day's rows in memory (a day of one merchant); the CSV form streams them.
 */
export async function settlementReportOf(db: Executor, { ring, merchantId, date }: SettlementReportOfOptions): Promise<SignedSettlementReport> {
  const { start, end } = dayBounds(date);
  const report = await db.transaction(
    async (tx): Promise<SettlementReport> => {
      const opening = await merchantBalanceAt(tx, merchantId, start);
      const closing = await merchantBalanceAt(tx, merchantId, end);
      const rows: SettlementRow[] = [];
      let cursor: RowCursor | null = null;
      for (;;) {
        const batch = await settlementRowsBatch(tx, { merchantId, date, after: cursor, limit: BATCH });
        rows.push(...batch.rows);
        if (!batch.next) break;
        cursor = batch.next;
      }
      return { version: 1, merchantId, date, currency: 'USDT', openingBalance: opening, closingBalance: closing, totals: totalsOf(rows), rows };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { report, signature: signReportDigest(ring, reportDigest(canonicalJson(report))) };
}

/** The sums of a report's columns; the rows are what is summed, so they add up by construction, and the tests check it. */
function totalsOf(rows: readonly SettlementRow[]): SettlementReport['totals'] {
  const sum = (pick: (row: SettlementRow) => string) => rows.reduce((total, row) => total.plus(pick(row)), new Dec(0)).toFixed(6);
  return { rows: rows.length, gross: sum((row) => row.gross), fee: sum((row) => row.fee), net: sum((row) => row.net) };
}
