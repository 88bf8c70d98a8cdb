import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiKeys, apiRequestLog } from '../../db/schema';
import { isoMs } from '../money/format';
import { parseInput } from '../validation/parse-input';
import { apiRequestPageInput, type ApiRequestPageInput, type StatusClass } from './api-request-log.schema';

const bounds: Record<StatusClass, [number, number]> = { '2xx': [200, 300], '3xx': [300, 400], '4xx': [400, 500], '5xx': [500, 600] };

/**
 * The merchant's recent API calls, newest first (docs/merchant-guide.md, "Request log"): method,
 * route template, status, latency, request id and the key's id and label. Rows are written a
 * moment after each answer, so the newest call may take a second to appear.
 */
export async function listApiRequests(db: Executor, merchantId: string, rawInput: ApiRequestPageInput) {
  const input = parseInput(apiRequestPageInput, rawInput);
  const conditions: SQL[] = [eq(apiRequestLog.merchantId, merchantId)];
  if (input.statusClass) {
    const [from, to] = bounds[input.statusClass];
    conditions.push(gte(apiRequestLog.status, from), lt(apiRequestLog.status, to));
  }
  const rows = await db
    .select({ row: apiRequestLog, keyId: apiKeys.keyId, keyLabel: apiKeys.label })
    .from(apiRequestLog)
    .leftJoin(apiKeys, eq(apiKeys.id, apiRequestLog.apiKeyId))
    .where(and(...conditions))
    .orderBy(desc(apiRequestLog.createdAt), desc(apiRequestLog.id))
    .limit(input.pageSize + 1)
    .offset((input.page - 1) * input.pageSize);
  return {
    items: rows.slice(0, input.pageSize).map(({ row, keyId, keyLabel }) => ({
      id: row.id,
      at: isoMs(row.createdAt),
      method: row.method,
      route: row.route,
      status: row.status,
      latencyMs: row.latencyMs,
      requestId: row.requestId,
      keyId,
      keyLabel: keyLabel ?? null,
    })),
    page: input.page,
    pageSize: input.pageSize,
    hasMore: rows.length > input.pageSize,
  };
}
