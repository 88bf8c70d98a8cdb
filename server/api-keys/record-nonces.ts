import { rowsOf, type Db } from '../../db/client';
import { recordApiKeyNonces } from '../../db/statements/api-keys';
import { groupCommitPerDatabase } from '../batching/per-database';

/** A signed request's nonce to record for its key, at the request's moment. */
export interface NonceAsk {
  keyId: string;
  nonce: string;
  now: Date;
}

/** What a recorded nonce brings back of its live key; null: the key is not live or the nonce was seen. */
export interface LiveKeyFacts {
  scopes: unknown;
  ipAllowlist: unknown;
  lastUsedAt: Date | string | null;
}

/**
 * The nonces of the signed requests handled in one turn of the event loop are recorded by one
 * statement and one commit (docs/performance.md, "One nonce statement per turn") instead of a
 * statement and a commit each: every signed request records one, so this is the commit every row of
 * the bench pays. A lone request waits for nothing (a window of 0 closes at the end of its turn).
 * A nonce asked twice in one batch is recorded for its first ask only: the second is the replay.
 */
const NONCE_BATCH = { maxItems: 128, windowMs: 0 };

async function recordNonces(db: Db, asks: NonceAsk[]): Promise<(LiveKeyFacts | null)[]> {
  const seen = new Set<string>();
  const sent: { i: number; keyId: string; nonce: string; now: string }[] = [];
  asks.forEach((ask, i) => {
    const id = `${ask.keyId}\u0000${ask.nonce}`;
    if (seen.has(id)) return;
    seen.add(id);
    sent.push({ i, keyId: ask.keyId, nonce: ask.nonce, now: ask.now.toISOString() });
  });
  const answers: (LiveKeyFacts | null)[] = asks.map(() => null);
  const rows = rowsOf<LiveKeyFacts & { i: number }>(await recordApiKeyNonces(db, { asks: JSON.stringify(sent) }));
  for (const { i, ...facts } of rows) answers[i] = facts;
  return answers;
}

/** The process's nonce records for this database. */
export const nonceRecords = groupCommitPerDatabase(recordNonces, NONCE_BATCH);
