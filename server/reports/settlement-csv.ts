import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client';
import { csvText } from '../balances/csv-text';
import type { Keyring } from '../crypto/keyring';
import { log } from '../logging/log';
import { Dec } from '../money/decimal';
import { signReportDigest } from './report-signing';
import { settlementCsvColumns, type SettlementRow } from './settlement-report.schema';
import { dayBounds, merchantBalanceAt, settlementRowsBatch, type RowCursor } from './settlement-rows';

const BATCH = 1000;
const encoder = new TextEncoder();

/** The prefix of the CSV's last line, which carries the signature (docs/api.md, "Verifying a report"). */
const CSV_SIGNATURE_PREFIX = '#signature,Ed25519,';

interface StreamSettlementCsvOptions {
  ring: Keyring;
  merchantId: string;
  date: string;
  batchSize?: number;
}

/**
 * A day's settlement report as CSV, streamed in keyset batches (docs/api.md, "Settlement reports"):
 * a header, one line per row, a `total` line, `#opening_balance` and `#closing_balance` lines, and
 * last `#signature,Ed25519,<keyId>,<base64>`: the signature over the SHA-256 of every byte before
 * that line. The digest is taken as the bytes go out, so the file is never held whole.
 *
 * Resolves once the opening balance is read (a database failure is an ordinary error before any
 * byte is sent); a failure while streaming aborts the stream: a cut file has no signature line.
 */
export async function streamSettlementCsv(db: Executor, { ring, merchantId, date, batchSize = BATCH }: StreamSettlementCsvOptions): Promise<ReadableStream<Uint8Array>> {
  const { start, end } = dayBounds(date);
  const opening = await merchantBalanceAt(db, merchantId, start);
  const digest = createHash('sha256');
  const totals = { rows: 0, gross: new Dec(0), fee: new Dec(0), net: new Dec(0) };
  let cursor: RowCursor | null = null;
  let header = true;
  let done = false;

  const emit = (controller: ReadableStreamDefaultController<Uint8Array>, text: string) => {
    if (!text) return;
    const bytes = encoder.encode(text);
    digest.update(bytes);
    controller.enqueue(bytes);
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (done) return;
        try {
          let text = header ? `${settlementCsvColumns.join(',')}\r\n` : '';
          header = false;
          // A batch can end at its horizon with no row (settlement-rows.ts); a pull that enqueues
          // nothing is not called again, so it reads on until it has a row or the day is done.
          for (;;) {
            const batch = await settlementRowsBatch(db, { merchantId, date, after: cursor, limit: batchSize });
            for (const row of batch.rows) {
              totals.rows += 1;
              totals.gross = totals.gross.plus(row.gross);
              totals.fee = totals.fee.plus(row.fee);
              totals.net = totals.net.plus(row.net);
              text += csvLine(row);
            }
            cursor = batch.next;
            if (batch.rows.length > 0 || !cursor) break;
          }
          if (!cursor) {
            const closing = await merchantBalanceAt(db, merchantId, end);
            text += `total,,,,,,,,,,${totals.gross.toFixed(6)},${totals.fee.toFixed(6)},${totals.net.toFixed(6)},,,,\r\n`;
            text += `#rows,${totals.rows}\r\n#opening_balance,${opening}\r\n#closing_balance,${closing}\r\n`;
            emit(controller, text);
            const signature = signReportDigest(ring, new Uint8Array(digest.digest()));
            controller.enqueue(encoder.encode(`${CSV_SIGNATURE_PREFIX}${signature.keyId},${signature.value}\r\n`));
            done = true;
            controller.close();
            return;
          }
          emit(controller, text);
        } catch (error) {
          log('error', 'settlement report export failed', { merchantId, error });
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
}

function csvLine(row: SettlementRow): string {
  const fields = [
    row.transferId,
    row.createdAt,
    row.category,
    row.kind,
    row.flow ?? '',
    csvText(row.orderNo ?? ''),
    csvText(row.merchantOrderNo ?? ''),
    row.fiatCurrency ?? '',
    row.fiatAmount ?? '',
    row.rate ?? '',
    row.gross,
    row.fee,
    row.net,
    row.traderId ?? '',
    csvText(row.traderName ?? ''),
    row.bankNotificationId ?? '',
    row.txHash ?? '',
  ];
  return `${fields.join(',')}\r\n`;
}
