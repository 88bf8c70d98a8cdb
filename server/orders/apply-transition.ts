import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pipelined } from '../../db/pipelined';
import { orderTransitions, type payinOrders, type payoutOrders } from '../../db/schema';
import { DomainError } from '../errors';
import { planDisputePause, recordPause } from './dispute-pause';
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
  const { flow, table, machine } = orderFlow;
  const conditions: SQL[] = [eq(table.id, input.orderId)];
  if (input.scope?.merchantId) conditions.push(eq(table.merchantId, input.scope.merchantId));
  if (input.scope?.traderId) conditions.push(eq(table.traderId, input.scope.traderId));

  const [current] = (await tx
    .select()
    .from(table)
    .where(and(...conditions))
    .for('update')) as Row[];
  if (!current) throw new DomainError('ORDER_NOT_FOUND', 'Order not found.');

  const now = input.now ?? new Date();
  const plan = planTransition(machine, {
    current: current.status as Status,
    action: input.action,
    actor: input.actor.type,
    context: { ...input.guardFrom?.(current), ...input.context, now },
  });

  const extra = (input.set?.(current, now) ?? {}) as Record<string, unknown>;
  // Entering or leaving DISPUTED stops or restarts the order's own clocks (docs/state-machines.md, "Pauses").
  const pause = planDisputePause(flow, current, current.status, plan.to, now);
  const changes = { ...extra, ...pause?.set, status: plan.to as never, updatedAt: now };
  // The row as the update leaves it. The ledger reads only its ids and amounts, which are exactly
  // what the update writes, so the transfer can go in the same round trip as the update.
  const planned = { ...current, ...changes } as Row;

  // The event's data is the order as the update leaves it, like the transfer's: the views read
  // columns the update writes or leaves alone, formatted (fmt2, ISO instants), so `planned` and the
  // returned row give one body (apply-transition.test.ts compares them).
  let event: ReturnType<typeof eventWrites> | undefined;
  if (plan.event) {
    if (!input.eventData) throw new Error(`${flow}.${input.action} emits ${plan.event} but no eventData was given`);
    event = eventWrites(tx, { merchantId: current.merchantId, type: plan.event, flow, orderId: current.id, data: input.eventData(planned), now });
  }

  // Every write of the transition in one round trip, in this order (docs/performance.md, "One
  // round trip, one commit per batch"): the update, the value it moves (a refusal such as
  // INSUFFICIENT_BALANCE aborts the transaction and everything after it), the timeline row, the
  // pause's row, the flow's signals delivered on commit, and the outbox event with its delivery.
  let updated: Row | undefined;
  await pipelined([
    tx
      .update(table)
      .set(changes)
      .where(and(eq(table.id, current.id), eq(table.status, current.status)))
      .returning()
      .then((rows) => {
        updated = (rows as Row[])[0];
      }),
    orderFlow.ledger(tx, planned, current.status as Status, input.action),
    tx.insert(orderTransitions).values({
      flow,
      orderId: current.id,
      action: input.action,
      fromStatus: current.status,
      toStatus: plan.to,
      actorType: input.actor.type,
      actorId: input.actor.id ?? null,
      note: input.note ?? null,
      createdAt: now,
    }),
    pause ? recordPause(tx, { flow, orderId: current.id, plan: pause, actor: input.actor, now }) : undefined,
    orderFlow.signals(tx, planned, current.status as Status, plan.to),
    ...(event?.writes ?? []),
  ]);
  // The row is locked by this transaction, so the status cannot have moved in between.
  if (!updated) throw new Error(`order ${current.id} changed while locked`);
  return { order: updated, from: current.status as Status, to: plan.to, event: event?.payload };
}
