import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../client';
import { sqlStateOf } from '../errors';
import { reusableQuery, reusableSql } from '../reusable-query';
import { idempotencyRecords } from '../schema';

/**
 * The statements of the idempotency claim (server/idempotency/with-idempotency.ts owns its rules):
 * every idempotent write runs them, so they are built once (db/reusable-query.ts) and the claim is
 * one round trip.
 */
type IdempotencyRecord = typeof idempotencyRecords.$inferSelect;

// Types, not interfaces: a statement's placeholder values are a plain record.
export type IdempotencyIdentity = { principalId: string; endpoint: string; key: string };

export type IdempotencyClaim = IdempotencyIdentity & { requestHash: string; createdAt: Date; expiresAt: Date };

/** What a claim found: the key is now this transaction's, another has it in flight, or it has a record. */
export type ClaimOutcome = { kind: 'claimed' } | { kind: 'in_flight' } | { kind: 'recorded'; record: IdempotencyRecord };

/**
 * Inserts the key's `in_flight` row unless the key has a record. The statements are pipelined, and
 * only the insert runs under the short lock timeout `lockWaitMs` (a balance row the effect locks
 * later must be waited for as long as it takes).
 */
export async function claimIdempotencyKey(tx: Tx, claim: IdempotencyClaim, lockWaitMs: number): Promise<ClaimOutcome> {
  const identity = identityOf(claim);
  const [, inserted, , records] = await Promise.allSettled([
    shortLockWait(lockWaitMs)(tx),
    insertInFlight(tx, claim),
    defaultLockWait(tx),
    recordOf(tx, identity),
  ]);
  if (inserted.status === 'rejected') {
    // The lock timeout fired while another transaction held the key: it is still in flight.
    if (sqlStateOf(inserted.reason) === LOCK_NOT_AVAILABLE) return { kind: 'in_flight' };
    throw inserted.reason;
  }
  if (records.status === 'rejected') throw records.reason;
  if (inserted.value.length > 0) return { kind: 'claimed' };
  const [record] = records.value;
  // The conflicting record was pruned between the two statements: try once more.
  return record ? { kind: 'recorded', record } : claimIdempotencyKey(tx, claim, lockWaitMs);
}

/** Stores the response the key's request gave, for its replays. */
export async function finishIdempotencyRecord(db: Executor, identity: IdempotencyIdentity, response: { responseStatus: number; responseBody: unknown }): Promise<void> {
  await finishRecord(db, { ...identityOf(identity), ...response });
}

/** Forgets the key (its request was refused, so a retry may run it again). */
export async function deleteIdempotencyRecord(db: Executor, identity: IdempotencyIdentity): Promise<void> {
  await deleteRecord(db, identityOf(identity));
}

function identityOf({ principalId, endpoint, key }: IdempotencyIdentity): IdempotencyIdentity {
  return { principalId, endpoint, key };
}

const LOCK_NOT_AVAILABLE = '55P03';

const shortLockWaits = new Map<number, ReturnType<typeof reusableSql>>();
function shortLockWait(ms: number) {
  let statement = shortLockWaits.get(ms);
  if (!statement) {
    statement = reusableSql(() => sql.raw(`set local lock_timeout = '${Math.trunc(ms)}ms'`));
    shortLockWaits.set(ms, statement);
  }
  return statement;
}
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
