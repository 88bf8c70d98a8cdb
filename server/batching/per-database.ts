import type { Db } from '../../db/client';
import { GroupCommit, type GroupCommitOptions } from './group-commit';

/**
 * One `GroupCommit` per database for the process: the first call for a database makes it, later
 * calls get the same one, so every caller of a flow shares its batches. Held weakly, so a database
 * a test closes takes its batcher with it.
 */
export function groupCommitPerDatabase<Item, Outcome>(
  run: (db: Db, items: Item[]) => Promise<Outcome[]>,
  options: GroupCommitOptions,
): (db: Db) => GroupCommit<Item, Outcome> {
  const batchers = new WeakMap<Db, GroupCommit<Item, Outcome>>();
  return (db) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = new GroupCommit((items) => run(db, items), options);
      batchers.set(db, batcher);
    }
    return batcher;
  };
}
