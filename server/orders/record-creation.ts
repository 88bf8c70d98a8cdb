import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pipelined } from '../../db/pipelined';
import { reusableQuery } from '../../db/reusable-query';
import { orderTransitions } from '../../db/schema';
import type { Actor } from './apply-transition';
import type { MachineDef } from './machine';

interface RecordCreationOptions<Status extends string> {
  machine: MachineDef<Status, string>;
  order: { id: string; status: Status; createdAt: Date };
  actor: Actor;
  alongside?: readonly PromiseLike<unknown>[];
}

/**
 * The first line of an order's timeline. Creation is an INSERT, not a transition, but its state
 * must still be one the machine allows to begin with.
 *
 * `alongside`: the creation's other writes, already started on `tx` (its ledger transfer, a row it
 * touches). They travel with the timeline row in one round trip and, if one fails, the cause is what
 * is thrown (db/pipelined.ts), so a flow states what its creation writes, not how they are sent.
 */
export async function recordCreation<Status extends string>(
  tx: Tx,
  { machine, order, actor, alongside = [] }: RecordCreationOptions<Status>,
): Promise<void> {
  if (!machine.initial.includes(order.status)) {
    throw new Error(`${machine.flow} orders cannot start in ${order.status}`);
  }
  const creation = insertCreation(tx, { flow: machine.flow, orderId: order.id, toStatus: order.status, actorType: actor.type, actorId: actor.id ?? null, createdAt: order.createdAt });
  await pipelined([...alongside, creation]);
}

// Every create runs it (db/reusable-query.ts).
const insertCreation = reusableQuery((db) =>
  db.insert(orderTransitions).values({
    flow: sql.placeholder('flow'),
    orderId: sql.placeholder('orderId'),
    action: 'create',
    fromStatus: null,
    toStatus: sql.placeholder('toStatus'),
    actorType: sql.placeholder('actorType'),
    actorId: sql.placeholder('actorId'),
    createdAt: sql.placeholder('createdAt'),
  }),
);
