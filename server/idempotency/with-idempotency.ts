import type { Db, Tx } from '../../db/client';
import { claimIdempotencyKey, deleteIdempotencyRecord, finishIdempotencyRecord } from '../../db/statements/idempotency-records';
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

interface WithIdempotencyOptions {
  scope: IdempotencyScope;
  now: Date;
  /**
   * Runs once; `store` may be called with the response before the effect's last statements so
   * they share a round trip (otherwise the response is stored after the effect returns).
   */
  effect: (tx: Tx, store: (response: StoredResponse) => Promise<void>) => Promise<StoredResponse>;
}

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
  { scope, now, effect }: WithIdempotencyOptions,
): Promise<IdempotentOutcome> {
  return retryTransaction(db, async (tx) => {
    const identity = { principalId: scope.principalId, endpoint: scope.endpoint, key: scope.key };
    const claim = { ...identity, requestHash: scope.requestHash, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_MS) };
    let outcome = await claimIdempotencyKey(tx, claim, IN_FLIGHT_WAIT_MS);
    if (outcome.kind === 'recorded' && outcome.record.expiresAt.getTime() <= now.getTime()) {
      // Expired but not pruned yet: the key is free again (the scheduler prunes these).
      await deleteIdempotencyRecord(tx, identity);
      outcome = await claimIdempotencyKey(tx, claim, IN_FLIGHT_WAIT_MS);
    }
    if (outcome.kind === 'in_flight') throw inUse();
    if (outcome.kind === 'recorded') {
      const existing = outcome.record;
      if (existing.state !== 'done') throw inUse();
      if (existing.requestHash !== scope.requestHash) throw keyReused();
      return { status: existing.responseStatus ?? 200, body: JSON.parse(existing.responseBody ?? 'null') as unknown, replayed: true };
    }

    let stored = false;
    const store = async (response: StoredResponse) => {
      stored = true;
      await finishIdempotencyRecord(tx, identity, { responseStatus: response.status, responseBody: JSON.stringify(response.body) });
    };
    const response = await effect(tx, store);
    if (!stored) await store(response);
    return { ...response, replayed: false };
  });
}

/** IDEMPOTENCY_KEY_IN_USE: another request with this key is still running. */
export function inUse(): DomainError {
  return new DomainError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed.');
}

/** IDEMPOTENCY_KEY_REUSED: the key's first request had another body. */
export function keyReused(): DomainError {
  return new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body.');
}
