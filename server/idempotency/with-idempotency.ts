import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { reusableQuery, reusableSql } from '../../db/reusable-query';
import { idempotencyRecords } from '../../db/schema';
import { DomainError } from '../errors';
import { IDEMPOTENCY_RETENTION_MS } from './idempotency-key';
import { retryTransaction } from '../../db/retry-transaction';

export interface IdempotencyScope {
  /** The merchant (or trader) the key belongs to. */
  principalId: string;
  /** e.g. `POST /api/v1/withdrawals`. */
  endpoint: string;
  key: string;
  /** SHA-256 of the raw request body. */
  requestHash: string;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotentOutcome extends StoredResponse {
  replayed: boolean;
}

/**
 * Runs `effect` at most once per (principal, endpoint, key), decisions.md section 3. The stored
 * response is written in the effect's own transaction, so an effect and its record exist together
 * or not at all, even across a crash. A transaction-scoped advisory lock marks the key as in flight:
 * a concurrent request with the same key gets IDEMPOTENCY_KEY_IN_USE instead of waiting. Failures
 * roll back and store nothing, so a corrected retry with the same key works.
 *
 * A deadlock or serialization failure runs the whole transaction again (db/retry-transaction.ts).
 * That cannot make two orders: the failed run's order, transfer, event and record were rolled back
 * together, so the second run starts from the same state as the first.
 */
export async function withIdempotency(
  db: Db,
  scope: IdempotencyScope,
  now: Date,
  /**
   * Runs once; `store` may be called with the response before the effect's last statements so
   * they share a round trip (otherwise the response is stored after the effect returns).
   */
  effect: (tx: Tx, store: (response: StoredResponse) => Promise<void>) => Promise<StoredResponse>,
): Promise<IdempotentOutcome> {
  return retryTransaction(db, async (tx) => {
    const lockKey = `${scope.principalId}|${scope.endpoint}|${scope.key}`;
    const identity = { principalId: scope.principalId, endpoint: scope.endpoint, key: scope.key };
    // The lock and the look-up go out together; the record is only used once the lock is held.
    const [locked, records] = await Promise.all([tryLock(tx, { lockKey }), recordOf(tx, identity)]);
    if (!rowsOf<{ locked: boolean }>(locked)[0]?.locked) {
      throw new DomainError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed.');
    }
    const [existing] = records;
    if (existing && existing.expiresAt.getTime() > now.getTime()) {
      if (existing.requestHash !== scope.requestHash) {
        throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body.');
      }
      return { status: existing.responseStatus ?? 200, body: JSON.parse(existing.responseBody ?? 'null') as unknown, replayed: true };
    }
    if (existing) await tx.delete(idempotencyRecords).where(and(eq(idempotencyRecords.principalId, scope.principalId), eq(idempotencyRecords.endpoint, scope.endpoint), eq(idempotencyRecords.key, scope.key)));

    let stored = false;
    const store = async (response: StoredResponse) => {
      stored = true;
      await insertRecord(tx, {
        ...identity,
        requestHash: scope.requestHash,
        responseStatus: response.status,
        responseBody: JSON.stringify(response.body),
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS),
      });
    };
    const response = await effect(tx, store);
    if (!stored) await store(response);
    return { ...response, replayed: false };
  });
}

// Every idempotent write runs these three: built once (db/reusable-query.ts).
const tryLock = reusableSql(() => sql`select pg_try_advisory_xact_lock(hashtextextended(${sql.placeholder('lockKey')}, 0)) as locked`);
const recordOf = reusableQuery((db) =>
  db
    .select()
    .from(idempotencyRecords)
    .where(
      and(
        eq(idempotencyRecords.principalId, sql.placeholder('principalId')),
        eq(idempotencyRecords.endpoint, sql.placeholder('endpoint')),
        eq(idempotencyRecords.key, sql.placeholder('key')),
      ),
    ),
);
const insertRecord = reusableQuery((db) =>
  db.insert(idempotencyRecords).values({
    principalId: sql.placeholder('principalId'),
    endpoint: sql.placeholder('endpoint'),
    key: sql.placeholder('key'),
    requestHash: sql.placeholder('requestHash'),
    state: 'done',
    responseStatus: sql.placeholder('responseStatus'),
    responseBody: sql.placeholder('responseBody'),
    createdAt: sql.placeholder('createdAt'),
    expiresAt: sql.placeholder('expiresAt'),
  }),
);
