import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns';
import { apiKeys } from './merchants';

export type IdempotencyState = 'in_flight' | 'done';

/**
 * Idempotency-Key records (docs/api.md, "Idempotency"), scoped to (principal, endpoint, key). Written
 * in the same transaction as the effect, so a stored response and its effect exist together or
 * not at all. `principalId` is the merchant (or, for the trader API, the trader).
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    principalId: uuid('principal_id').notNull(),
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<IdempotencyState>().notNull(),
    responseStatus: integer('response_status'),
    // Text, not jsonb: a replay must return the first body byte for byte (jsonb reorders keys).
    responseBody: text('response_body'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.principalId, t.endpoint, t.key] }),
    index('idempotency_records_expires_idx').on(t.expiresAt),
    check('idempotency_records_state_check', sql`${t.state} in ('in_flight', 'done')`),
  ],
);

/** Nonces seen per API key; a replay within 24 h is refused, older rows are pruned. */
export const usedNonces = pgTable(
  'used_nonces',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id),
    nonce: text('nonce').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.nonce] }), index('used_nonces_created_idx').on(t.createdAt)],
);
