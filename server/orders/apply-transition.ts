import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pipelined } from '../../db/pipelined';
import { orderTransitions, type payinOrders, type payoutOrders } from '../../db/schema';
import { DomainError } from '../errors';
import { planDisputePause, recordPause, type PausePlan } from './dispute-pause';
import { planTransition, type ActorType, type GuardContext, type MachineDef } from './machine';
import type { DisputeFlow } from './order-ref';
import { eventWrites, type EventPayload } from './write-event';

export interface Actor {
  type: ActorType;
  id?: string | null;
}

/** Which orders the actor may touch; an order outside the scope does not exist for them. */
interface OrderScope {
  merchantId?: string;
  traderId?: string;
}

export interface TransitionInput<Row, Action, Insert> {
  orderId: string;
  action: Action;
  actor: Actor;
  scope?: OrderScope;
  /** Defaults to the current time; tests and the scheduler pass their clock. */
  now?: Date;
  /** Guard inputs supplied by the caller (a dispute reason, a proof count...). */
  context?: Omit<Partial<GuardContext>, 'now'>;
  /** Guard inputs read from the locked row (e.g. the due time of a timer transition). */
  guardFrom?: (row: Row) => Omit<Partial<GuardContext>, 'now'>;
  /** Columns to set besides status and updatedAt, computed from the locked row. */
  set?: (row: Row, now: Date) => Partial<Insert>;
  /** Written to the timeline (reason, resolution note). */
  note?: string | null;
  /** The event's data: the order as the merchant's detail endpoint shows it. */
  eventData?: (row: Row) => Record<string, unknown>;
}

export interface TransitionOutcome<Row, Status> {
  order: Row;
  from: Status;
  to: Status;
  event: EventPayload | undefined;
}

/** The tables of the orders the kernel moves: each has id, merchantId, traderId and status. */
type OrderTable = typeof payoutOrders | typeof payinOrders;
type OrderRow = (typeof payoutOrders | typeof payinOrders)['$inferSelect'];

/**
 * What a flow hands the kernel (docs/architecture.md, "The order kernel"): its table, its machine
 * and the effects of its transitions. The kernel knows no flow; each flow builds one of these next
 * to its machine (payouts/apply-payout-transition.ts, payins/apply-payin-transition.ts).
 */
export interface OrderFlow<Row extends OrderRow, Status extends string, Action extends string> {
  flow: DisputeFlow;
  table: OrderTable;
  machine: MachineDef<Status, Action>;
  /** The value the transition moves (a ledger transfer), or undefined when it moves none. */
  ledger: (tx: Tx, order: Row, from: Status, action: Action) => Promise<unknown> | undefined;
  /** Wake-ups delivered on commit (LISTEN/NOTIFY) for the pages that show the order. */
  signals: (tx: Tx, order: Row, from: Status, to: Status) => Promise<unknown> | undefined;
}

/**
 * Locks the order row (SELECT ... FOR UPDATE), plans the transition against its real current state
 * (actor, source state, guards), updates it with `WHERE status = <current>`, posts the flow's ledger
 * transfer the transition implies, and writes the timeline row and the outbox event, all in the
 * caller's transaction. Of two concurrent actions on one
 * order, the second waits for the lock, then sees the new state and is refused with a code.
 */
export async function applyTransition<Row extends OrderRow, Status extends string, Action extends string>(
  tx: Tx,
  orderFlow: OrderFlow<Row, Status, Action>,
  input: TransitionInput<Row, Action, object>,
): Promise<TransitionOutcome<Row, Status>> {
  const current = await lockOrder<Row>(tx, orderFlow, input);
  const now = input.now ?? new Date();
  return writeChain(tx, orderFlow, planChain(orderFlow, current, [input], now, input.eventData));
}

/** The order row, locked for this transaction; an order outside the scope does not exist. */
export async function lockOrder<Row extends OrderRow>(
  tx: Tx,
  orderFlow: { table: OrderTable },
  input: { orderId: string; scope?: OrderScope },
): Promise<Row> {
  const { table } = orderFlow;
  const conditions: SQL[] = [eq(table.id, input.orderId)];
  if (input.scope?.merchantId) conditions.push(eq(table.merchantId, input.scope.merchantId));
  if (input.scope?.traderId) conditions.push(eq(table.traderId, input.scope.traderId));
  const [current] = (await tx
    .select()
    .from(table)
    .where(and(...conditions))
    .for('update')) as Row[];
  if (!current) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');
  return current;
}

/** One step of a chain: the transition's own part of TransitionInput. */
export type ChainStep<Row, Action> = Pick<TransitionInput<Row, Action, object>, 'action' | 'actor' | 'context' | 'guardFrom' | 'set' | 'note'> & {
  /** The step's transfer was posted already by the caller (tryPostTransfer, server/ledger): not again. */
  ledgerPosted?: boolean;
};

interface PlannedStep<Row, Status, Action> {
  step: ChainStep<Row, Action>;
  from: Status;
  to: Status;
  /** The row as this step leaves it. */
  row: Row;
  pause: PausePlan | null;
  event: string | undefined;
}

/** A chain of transitions planned in memory from the locked row: what `writeChain` writes. */
export interface PlannedChain<Row, Status, Action> {
  current: Row;
  steps: PlannedStep<Row, Status, Action>[];
  /** The columns the single UPDATE sets: every step's, the last one winning. */
  changes: Record<string, unknown>;
  /** The row as the whole chain leaves it. */
  planned: Row;
  now: Date;
  eventData?: (row: Row) => Record<string, unknown>;
}

/**
 * Plans each step against the state the previous one left (planTransition: actor, source state,
 * guards), in memory: a chain such as a pay-in release passes through states that are never
 * stored (docs/state-machines.md, "Observable states"). Any refusal is thrown before anything is
 * written.
 */
export function planChain<Row extends OrderRow, Status extends string, Action extends string>(
  orderFlow: OrderFlow<Row, Status, Action>,
  current: Row,
  steps: readonly ChainStep<Row, Action>[],
  now: Date,
  eventData?: (row: Row) => Record<string, unknown>,
): PlannedChain<Row, Status, Action> {
  let row = current;
  let changes: Record<string, unknown> = {};
  const planned: PlannedStep<Row, Status, Action>[] = [];
  for (const step of steps) {
    const from = row.status as Status;
    const plan = planTransition(orderFlow.machine, {
      current: from,
      action: step.action,
      actor: step.actor.type,
      context: { ...step.guardFrom?.(row), ...step.context, now },
    });
    const extra = (step.set?.(row, now) ?? {}) as Record<string, unknown>;
    // Entering or leaving DISPUTED stops or restarts the order's own clocks (docs/state-machines.md, "Pauses").
    const pause = planDisputePause(orderFlow.flow, row, from, plan.to, now);
    const stepChanges = { ...extra, ...pause?.set, status: plan.to as never, updatedAt: now };
    changes = { ...changes, ...stepChanges };
    row = { ...row, ...stepChanges } as Row;
    planned.push({ step, from, to: plan.to, row, pause, event: plan.event });
  }
  return { current, steps: planned, changes, planned: row, now, eventData };
}

/**
 * Writes a planned chain in one round trip, in this order (docs/performance.md, "One round trip,
 * one commit per batch"): one update of the row to the chain's last state (`WHERE status =` the
 * locked one), the value each step moves (a refusal such as INSUFFICIENT_BALANCE aborts the
 * transaction and everything after it), the timeline rows of every step in one insert, the
 * pauses' rows, the flow's signals delivered on commit, and each step's outbox event with its
 * delivery.
 */
export async function writeChain<Row extends OrderRow, Status extends string, Action extends string>(
  tx: Tx,
  orderFlow: OrderFlow<Row, Status, Action>,
  chain: PlannedChain<Row, Status, Action>,
): Promise<TransitionOutcome<Row, Status>> {
  const { flow, table } = orderFlow;
  const { current, steps, now } = chain;
  const last = steps.at(-1);
  if (!last) throw new Error(`${flow} chain on ${current.id} has no step`);

  // The event's data is the order as its step leaves it, like the transfer's: the views read
  // columns the update writes or leaves alone, formatted (fmt2, ISO instants), so `planned` and the
  // returned row give one body (apply-transition.test.ts compares them). The ledger reads only ids
  // and amounts, which are exactly what the update writes, so it goes in the same round trip.
  const events = steps.flatMap(({ step, row, event }) => {
    if (!event) return [];
    if (!chain.eventData) throw new Error(`${flow}.${step.action} emits ${event} but no eventData was given`);
    return [eventWrites(tx, { merchantId: current.merchantId, type: event, flow, orderId: current.id, data: chain.eventData(row), now })];
  });

  let updated: Row | undefined;
  await pipelined([
    tx
      .update(table)
      .set(chain.changes)
      .where(and(eq(table.id, current.id), eq(table.status, current.status)))
      .returning()
      .then((rows) => {
        updated = (rows as Row[])[0];
      }),
    ...steps.map(({ step, row, from }) => (step.ledgerPosted ? undefined : orderFlow.ledger(tx, row, from, step.action))),
    tx.insert(orderTransitions).values(
      steps.map(({ step, from, to }) => ({
        flow,
        orderId: current.id,
        action: step.action,
        fromStatus: from,
        toStatus: to,
        actorType: step.actor.type,
        actorId: step.actor.id ?? null,
        note: step.note ?? null,
        createdAt: now,
      })),
    ),
    ...steps.map(({ step, pause }) => (pause ? recordPause(tx, { flow, orderId: current.id, plan: pause, actor: step.actor, now }) : undefined)),
    orderFlow.signals(tx, chain.planned, current.status as Status, last.to),
    ...events.flatMap((event) => event.writes),
  ]);
  // The row is locked by this transaction, so the status cannot have moved in between.
  if (!updated) throw new Error(`order ${current.id} changed while locked`);
  return { order: updated, from: current.status as Status, to: last.to, event: events.at(-1)?.payload };
}
