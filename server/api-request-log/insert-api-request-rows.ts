import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { reusableSql } from '../../db/reusable-query';
import { apiRequestLog } from '../../db/schema';
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
  await insertRows(db, { rows: json });
}

const insertRows = reusableSql(
  () => sql`insert into ${apiRequestLog} (merchant_id, api_key_id, method, route, status, latency_ms, request_id, created_at)
    select merchant_id, api_key_id, method, route, status, latency_ms, request_id, created_at
    from jsonb_to_recordset(${sql.placeholder('rows')}::text::jsonb)
      as r(merchant_id uuid, api_key_id uuid, method text, route text, status smallint, latency_ms integer, request_id text, created_at timestamptz)`,
);
