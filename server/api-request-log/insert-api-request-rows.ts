import type { Executor } from '../../db/client';
import { apiRequestLog } from '../../db/schema';
import type { ApiRequestRow } from './api-request-log.schema';

/** One multi-row INSERT for a whole batch (the recorder's flush): one round trip however many rows. */
export async function insertApiRequestRows(db: Executor, rows: readonly ApiRequestRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(apiRequestLog).values([...rows]);
}
