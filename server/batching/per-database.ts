import type { Db } from '../../db/client';
import { GroupCommit, type GroupCommitOptions } from './group-commit';

/**
 * One `GroupCommit` per database and lane for the process: the first call for a database and lane
 * makes it, later calls get the same one, so every caller of a flow shares its batches. A flow
 * whose batches would lock each other's rows names a lane per owner of those rows (the pay-in
 * create's trader); the others use the one lane there is. Held weakly by database, so a database a
 * test closes takes its batchers with it; a lane lives as long as its database (one per trader
 * that took a pay-in, a few hundred bytes each).
 */
export function groupCommitPerDatabase<Item, Outcome>(
  run: (db: Db, items: Item[]) => Promise<Outcome[]>,
  options: GroupCommitOptions,
): (db: Db, lane?: string) => GroupCommit<Item, Outcome> {
  const batchers = new WeakMap<Db, Map<string, GroupCommit<Item, Outcome>>>();
  return (db, lane = '') => {
    let lanes = batchers.get(db);
    if (!lanes) batchers.set(db, (lanes = new Map()));
    let batcher = lanes.get(lane);
    if (!batcher) lanes.set(lane, (batcher = new GroupCommit((items) => run(db, items), options)));
    return batcher;
  };
}
