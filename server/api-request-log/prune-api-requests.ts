import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { API_REQUEST_LOG_RETENTION_MS } from './api-request-log.schema';

/**
 * Rows older than the retention window go (the scheduler's pruning, server/scheduler/prune-records.ts).
 * Counted in the database: a busy API leaves many rows, and their ids need not travel back.
 */
export async function pruneApiRequests(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - API_REQUEST_LOG_RETENTION_MS).toISOString();
  const [row] = rowsOf<{ deleted: number }>(
    await db.execute(sql`with gone as (delete from api_request_log where created_at < ${cutoff}::timestamptz returning 1) select count(*)::int as deleted from gone`),
  );
  return row?.deleted ?? 0;
}
