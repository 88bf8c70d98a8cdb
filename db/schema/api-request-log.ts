import { bigserial, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The merchant's recent API calls for the console's request log (docs/merchant-guide.md,
 * "Developers"): route pattern, status, latency and request id only, never a body, query or header.
 * Written after the response in batches, and pruned to a recent window.
 */
export const apiRequestLog = pgTable(
  'api_request_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: uuid('merchant_id').notNull(),
    apiKeyId: uuid('api_key_id'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: smallint('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('api_request_log_merchant_idx').on(t.merchantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()), index('api_request_log_created_idx').on(t.createdAt)],
);
