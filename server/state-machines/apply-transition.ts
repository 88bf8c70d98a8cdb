import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pipelined } from '../../db/pipelined';
import { orderTransitions, payinOrders, payoutOrders } from '../../db/schema';
import { DomainError } from '../errors';
import { eventWrites, type EventPayload } from '../outbox/write-event';
import { planTransition, type ActorType, type GuardContext, type MachineDef } from './machine';
import { payinMachine, type PayinAction, type PayinStatus } from './payin';
import { payoutMachine, type PayoutAction, type PayoutStatus } from './payout';
import { payinLedgerEffects } from '../payins/payin-ledger';
import { payoutLedgerEffects } from '../payouts/payout-ledger';
import { planDisputePause, recordPause } from '../order-timers/dispute-pause';
import { signalPayinChanged } from '../payins/payin-changes';
import { signalPoolChange } from '../payouts/pool-signal';

export type PayoutRow = typeof payoutOrders.$inferSelect;
export type PayinRow = typeof payinOrders.$inferSelect;

export interface Actor {
  type: ActorType;
  id?: string | null;
}

/** Which orders the actor may touch; an order outside the scope does not exist for them. */
interface OrderScope {
  merchantId?: string;
  traderId?: string;
}

interface TransitionInput<Row, Action, Insert> {
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

export type PayoutTransitionInput = TransitionInput<PayoutRow, PayoutAction, typeof payoutOrders.$inferInsert>;
export type PayinTransitionInput = TransitionInput<PayinRow, PayinAction, typeof payinOrders.$inferInsert>;

/** Moves a payout order from one state to another: the only way a payout's status changes. */
export function applyPayoutTransition(
  tx: Tx,
  input: PayoutTransitionInput,
): Promise<TransitionOutcome<PayoutRow, PayoutStatus>> {
  return applyTransition(tx, 'payout', payoutOrders, payoutMachine, input, (order, _from) =>
    payoutLedgerEffects[input.action]?.(tx, order),
  );
}

/** Moves a pay-in order from one state to another: the only way a pay-in's status changes. */
export function applyPayinTransition(
  tx: Tx,
  input: PayinTransitionInput,
): Promise<TransitionOutcome<PayinRow, PayinStatus>> {
  return applyTransition(tx, 'payin', payinOrders, payinMachine, input, (order, from) =>
    payinLedgerEffects[input.action]?.(tx, order, from),
  );
}

type OrderTable = typeof payoutOrders | typeof payinOrders;

/**
 * Locks the order row (SELECT ... FOR UPDATE), plans the transition against its real current state
 * (actor, source state, guards), updates it with `WHERE status = <current>`, posts the ledger
 * transfer the transition implies, and writes the timeline row and the outbox event, all in the
 * caller's transaction. Of two concurrent actions on one
 * order, the second waits for the lock, then sees the new state and is refused with a code.
 */
async function applyTransition<Row extends PayoutRow | PayinRow, Status extends string, Action extends string>(
  tx: Tx,
  flow: 'payout' | 'payin',
  table: OrderTable,
  machine: MachineDef<Status, Action>,
  input: TransitionInput<Row, Action, object>,
  ledgerEffect: (order: Row, from: Status) => Promise<unknown> | undefined,
): Promise<TransitionOutcome<Row, Status>> {
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
  // pause's row, the signals delivered on commit (a payout entering or leaving the task pool
  // wakes the traders' open pool pages, pool-signal.ts; a pay-in's change wakes its buyer's open
  // checkout page, payin-changes.ts), and the outbox event with its delivery.
  const poolChanged = flow === 'payout' && (current.status === 'PENDING_MATCH' || plan.to === 'PENDING_MATCH');
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
    ledgerEffect(planned, current.status as Status),
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
    poolChanged ? signalPoolChange(tx) : undefined,
    flow === 'payin' ? signalPayinChanged(tx, current.id) : undefined,
    ...(event?.writes ?? []),
  ]);
  // The row is locked by this transaction, so the status cannot have moved in between.
  if (!updated) throw new Error(`order ${current.id} changed while locked`);
  return { order: updated, from: current.status as Status, to: plan.to, event: event?.payload };
}
