import type { Executor } from '../../db/client';
import { insertApiRequestLogRows } from '../../db/statements/api-request-log';
import type { ApiRequestRow } from './api-request-log.schema';

/**
 * One INSERT for a whole batch (the recorder's flush): one round trip however many rows. The rows
 * travel as one JSON parameter of one statement built once, not as a VALUES list of 8 parameters
 * per row: building and parsing a new 4,000-parameter statement every second held the event loop
 * for milliseconds at a time under load (docs/performance.md, "Tails").
 */
export async function insertApiRequestRows(db: Executor, rows: readonly ApiRequestRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({
      merchant_id: row.merchantId,
      api_key_id: row.apiKeyId ?? null,
      method: row.method,
      route: row.route,
      status: row.status,
      latency_ms: row.latencyMs,
      request_id: row.requestId,
      created_at: (row.createdAt ?? new Date()).toISOString(),
    })),
  );
  await insertApiRequestLogRows(db, { rows: json });
}
