import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sqlStateOf } from '../../db/errors';
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
 * How long a request waits for a concurrent request with the same key before it is told
 * IDEMPOTENCY_KEY_IN_USE (docs/api.md "Idempotency"). A first request that finishes within it is
 * replayed to the second instead; one that does not leaves the second a quick 409 rather than a
 * pooled connection held for the first request's whole run.
 */
export const IN_FLIGHT_WAIT_MS = 200;

/**
 * Runs `effect` at most once per (principal, endpoint, key), docs/api.md "Idempotency". The key's
 * record is inserted first, as an `in_flight` row, in the effect's own transaction, and becomes the
 * stored response (`done`) in that same transaction: an effect and its record exist together or not
 * at all, even across a crash. A concurrent request with the same key meets the uncommitted row on
 * the primary key and waits on it: if the first commits within IN_FLIGHT_WAIT_MS it sees the
 * finished record (a replay), if it rolls back the key is free again, otherwise the wait's lock
 * timeout answers IDEMPOTENCY_KEY_IN_USE. Nothing depends on advisory locks, which a distributed
 * engine may not offer (docs/scaling.md). Failures roll back and store nothing, so a corrected
 * retry with the same key works.
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
    const identity = { principalId: scope.principalId, endpoint: scope.endpoint, key: scope.key };
    const claim = { ...identity, requestHash: scope.requestHash, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS) };
    let existing = await claimKey(tx, identity, claim);
    if (existing && existing.expiresAt.getTime() <= now.getTime()) {
      // Expired but not pruned yet: the key is free again (the scheduler prunes these).
      await deleteRecord(tx, identity);
      existing = await claimKey(tx, identity, claim);
    }
    if (existing) {
      if (existing.state !== 'done') throw inUse();
      if (existing.requestHash !== scope.requestHash) throw keyReused();
      return { status: existing.responseStatus ?? 200, body: JSON.parse(existing.responseBody ?? 'null') as unknown, replayed: true };
    }

    let stored = false;
    const store = async (response: StoredResponse) => {
      stored = true;
      await finishRecord(tx, { ...identity, responseStatus: response.status, responseBody: JSON.stringify(response.body) });
    };
    const response = await effect(tx, store);
    if (!stored) await store(response);
    return { ...response, replayed: false };
  });
}

type IdempotencyRecord = typeof idempotencyRecords.$inferSelect;

/**
 * Inserts the key's `in_flight` row unless the key has a record; returns that record, or
 * undefined when the key is now this transaction's. One round trip: the statements are pipelined,
 * and only the insert runs under the short lock timeout (a balance row the effect locks later must
 * be waited for as long as it takes).
 */
async function claimKey(tx: Tx, identity: Record<string, string>, claim: Record<string, unknown>): Promise<IdempotencyRecord | undefined> {
  const [, inserted, , records] = await Promise.allSettled([
    shortLockWait(tx),
    insertInFlight(tx, claim),
    defaultLockWait(tx),
    recordOf(tx, identity),
  ]);
  if (inserted.status === 'rejected') {
    // The lock timeout fired while another transaction held the key: it is still in flight.
    if (sqlStateOf(inserted.reason) === LOCK_NOT_AVAILABLE) throw inUse();
    throw inserted.reason;
  }
  if (records.status === 'rejected') throw records.reason;
  if (inserted.value.length > 0) return undefined;
  const [record] = records.value;
  // The conflicting record was pruned between the two statements: try once more.
  return record ?? (await claimKey(tx, identity, claim));
}

const LOCK_NOT_AVAILABLE = '55P03';

/** IDEMPOTENCY_KEY_IN_USE: another request with this key is still running. */
export function inUse(): DomainError {
  return new DomainError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed.');
}

/** IDEMPOTENCY_KEY_REUSED: the key's first request had another body. */
export function keyReused(): DomainError {
  return new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body.');
}

// Every idempotent write runs these: built once (db/reusable-query.ts).
const shortLockWait = reusableSql(() => sql.raw(`set local lock_timeout = '${IN_FLIGHT_WAIT_MS}ms'`));
const defaultLockWait = reusableSql(() => sql.raw('set local lock_timeout to default'));
const byIdentity = and(
  eq(idempotencyRecords.principalId, sql.placeholder('principalId')),
  eq(idempotencyRecords.endpoint, sql.placeholder('endpoint')),
  eq(idempotencyRecords.key, sql.placeholder('key')),
);
const recordOf = reusableQuery((db) => db.select().from(idempotencyRecords).where(byIdentity));
const insertInFlight = reusableQuery((db) =>
  db
    .insert(idempotencyRecords)
    .values({
      principalId: sql.placeholder('principalId'),
      endpoint: sql.placeholder('endpoint'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
      state: 'in_flight',
      createdAt: sql.placeholder('createdAt'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key }),
);
const finishRecord = reusableQuery((db) =>
  db
    .update(idempotencyRecords)
    .set({ state: 'done', responseStatus: sql`${sql.placeholder('responseStatus')}`, responseBody: sql`${sql.placeholder('responseBody')}` })
    .where(byIdentity),
);
const deleteRecord = reusableQuery((db) => db.delete(idempotencyRecords).where(byIdentity));
