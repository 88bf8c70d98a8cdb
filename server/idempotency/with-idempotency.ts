import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { idempotencyRecords } from '../../db/schema';
import { DomainError } from '../errors';
import { IDEMPOTENCY_RETENTION_MS } from './idempotency-key';

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
  return db.transaction(async (tx) => {
    const lockKey = `${scope.principalId}|${scope.endpoint}|${scope.key}`;
    const where = and(
      eq(idempotencyRecords.principalId, scope.principalId),
      eq(idempotencyRecords.endpoint, scope.endpoint),
      eq(idempotencyRecords.key, scope.key),
    );
    // The lock and the look-up go out together; the record is only used once the lock is held.
    const [locked, records] = await Promise.all([
      tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0)) as locked`),
      tx.select().from(idempotencyRecords).where(where),
    ]);
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
    if (existing) await tx.delete(idempotencyRecords).where(where);

    let stored = false;
    const store = async (response: StoredResponse) => {
      stored = true;
      await tx.insert(idempotencyRecords).values({
      principalId: scope.principalId,
      endpoint: scope.endpoint,
      key: scope.key,
      requestHash: scope.requestHash,
      state: 'done',
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
