import type { Executor } from '../../../db/client';
import type { ReportFileKind } from '../../../db/schema';
import type { Keyring } from '../../crypto/keyring';
import { streamJournalCsv } from '../journal-csv';
import { streamSettlementCsv } from '../settlement-csv';
import { settlementReportOf } from '../settlement-report';
import { dayBounds } from '../settlement-rows';

export interface ReportFile {
  kind: ReportFileKind;
  businessDate: string;
  merchantId: string | null;
}

/** The file's name in the day's folder and in the POST's `corridor-report-file` header. */
export function reportFileName(file: ReportFile): string {
  if (file.kind === 'journal') return `journal-${file.businessDate}.csv`;
  return `settlement-${file.businessDate}-${file.merchantId}.${file.kind === 'settlement_json' ? 'json' : 'csv'}`;
}

export function reportContentType(file: ReportFile): string {
  return file.kind === 'settlement_json' ? 'application/json' : 'text/csv; charset=utf-8';
}

/**
 * The file's bytes, streamed: the day's journal, or a merchant's signed settlement report as the
 * API gives it (JSON) or as the console downloads it (CSV with its signature line). The same
 * functions serve all three, so a delivered file verifies like a downloaded one.
 */
export async function reportFileStream(db: Executor, ring: Keyring, file: ReportFile): Promise<ReadableStream<Uint8Array>> {
  if (file.kind === 'journal') {
    const { start, end } = dayBounds(file.businessDate);
    return streamJournalCsv(db, { from: new Date(start), to: new Date(end) });
  }
  if (!file.merchantId) throw new Error('a settlement report belongs to a merchant');
  if (file.kind === 'settlement_csv') return streamSettlementCsv(db, { ring, merchantId: file.merchantId, date: file.businessDate });
  const signed = await settlementReportOf(db, { ring, merchantId: file.merchantId, date: file.businessDate });
  return new Blob([JSON.stringify(signed)]).stream();
}
