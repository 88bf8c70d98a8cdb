import { desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { controlChanges, users } from '../../db/schema';
import { controlChangeView, type ControlChangeView } from './control-change-view';
import { controlKeys, controlOf, type ControlKey } from './control-registry';

/** Decided changes the settings page lists under the pending ones. */
const RECENT = 20;

const proposer = alias(users, 'proposer');
const decider = alias(users, 'decider');

/**
 * The console's settings page (docs/operator-guide.md, "Controls"): each control's value in effect,
 * the changes waiting for a second operator with who proposed them, and the latest decisions.
 */
export async function listControls(db: Executor): Promise<{
  controls: { control: ControlKey; value: string; setAt: string | null }[];
  pending: ControlChangeView[];
  recent: ControlChangeView[];
}> {
  const controls = await Promise.all(
    controlKeys.map(async (key) => {
      const control = controlOf(key);
      const { value, setAt } = await control.read(db);
      return { control: key, value: control.display(value), setAt };
    }),
  );
  const select = () =>
    db
      .select({ change: controlChanges, proposer: proposer.displayName, decider: decider.displayName })
      .from(controlChanges)
      .innerJoin(proposer, eq(proposer.id, controlChanges.proposedBy))
      .leftJoin(decider, eq(decider.id, controlChanges.decidedBy));
  const pending = await select().where(eq(controlChanges.status, 'pending')).orderBy(controlChanges.createdAt);
  const recent = await select().where(ne(controlChanges.status, 'pending')).orderBy(desc(controlChanges.decidedAt), desc(controlChanges.createdAt)).limit(RECENT);
  const view = (row: (typeof pending)[number]) => controlChangeView(row.change, { proposer: row.proposer, decider: row.decider });
  return { controls, pending: pending.map(view), recent: recent.map(view) };
}
