import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { refreshTraderReputation, type GateRecord } from './refresh-trader-reputation';

// Any fixed number: one refresh at a time across every node.
const REFRESH_LOCK = 727_270_035;

/**
 * The scheduler's reputation refresh (docs/routing.md, "Reputation"): one node at a time, so two
 * nodes never upsert the same rows at once; a node that finds it running skips (null) and the next
 * run comes in 5 minutes. Returns the number of traders refreshed.
 */
export async function runReputationRefresh(db: Db, now: Date, gate: GateRecord): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [locked] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK}) as locked`));
    if (!locked?.locked) return null;
    // The planner's guess of the lifetime counts passes jit_above_cost; compiling took longer than the
    // statement runs (3.3 of 5.7 s at 300,000 pay-ins). Off for this transaction only.
    await tx.execute(sql`set local jit = off`);
    return refreshTraderReputation(tx, now, gate);
  });
}
