import { sql } from 'drizzle-orm';
import { reusableSql } from '../reusable-query';
import { apiRequestLog } from '../schema';

// One statement built once for a whole batch (server/api-request-log/insert-api-request-rows.ts).
/** Inserts the rows of `rows`, a JSON array of api_request_log rows in snake_case. */
export const insertApiRequestLogRows = reusableSql(
  () => sql`insert into ${apiRequestLog} (merchant_id, api_key_id, method, route, status, latency_ms, request_id, created_at)
    select merchant_id, api_key_id, method, route, status, latency_ms, request_id, created_at
    from jsonb_to_recordset(${sql.placeholder('rows')}::text::jsonb)
      as r(merchant_id uuid, api_key_id uuid, method text, route text, status smallint, latency_ms integer, request_id text, created_at timestamptz)`,
);
