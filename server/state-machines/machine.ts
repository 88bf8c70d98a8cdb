import { DomainError } from '../errors';

export type ActorType = 'merchant' | 'trader' | 'operator' | 'buyer' | 'system';
export type Flow = 'payout' | 'payin';

/** What a guard may look at: the clock and what the caller supplied or read from the order. */
export interface GuardContext {
  now: Date;
  reason?: string | null;
  note?: string | null;
  /** When the timer of a timed transition falls due. */
  dueAt?: Date | null;
  proofCount?: number;
}

/** A guard refuses with the DomainError to answer, or allows with null. */
export type Guard = (context: GuardContext) => DomainError | null;

export interface StateDef {
  terminal: boolean;
  label: string;
  description: string;
}

export interface TransitionDef<S extends string, A extends string> {
  action: A;
  from: readonly S[];
  to: S;
  actors: readonly ActorType[];
  /** The outbox event written with the change, if the merchant hears of it. */
  event?: string;
  guard?: Guard;
  description: string;
}

export interface MachineDef<S extends string, A extends string> {
  flow: Flow;
  states: Record<S, StateDef>;
  /** States an order may be created in. */
  initial: readonly S[];
  transitions: readonly TransitionDef<S, A>[];
}

export interface PlannedTransition<S extends string, A extends string> {
  action: A;
  from: readonly S[];
  to: S;
  event: string | undefined;
}

/**
 * Declares a machine and checks its shape once, at module load: a typo in a state name, a way out
 * of a terminal state, a duplicate action or a dead-end state fails loudly before any order moves.
 */
export function defineMachine<S extends string, A extends string>(def: MachineDef<S, A>): MachineDef<S, A> {
  const states = new Set(Object.keys(def.states));
  const problems: string[] = [];
  const actions = new Set<string>();
  for (const state of def.initial) {
    if (!states.has(state)) problems.push(`initial state ${state} is not declared`);
  }
  for (const transition of def.transitions) {
    if (actions.has(transition.action)) problems.push(`action ${transition.action} is declared twice`);
    actions.add(transition.action);
    if (!states.has(transition.to)) problems.push(`${transition.action}: target ${transition.to} is not declared`);
    if (transition.from.length === 0) problems.push(`${transition.action}: has no source state`);
    if (transition.actors.length === 0) problems.push(`${transition.action}: has no actor`);
    for (const from of transition.from) {
      if (!states.has(from)) problems.push(`${transition.action}: source ${from} is not declared`);
      else if (def.states[from].terminal) problems.push(`${transition.action}: leaves terminal state ${from}`);
    }
  }
  for (const state of states) {
    const def_ = def.states[state as S];
    const leaves = def.transitions.some((t) => t.from.includes(state as S));
    if (!def_.terminal && !leaves) problems.push(`non-terminal state ${state} has no way out`);
  }
  if (problems.length > 0) throw new Error(`${def.flow} machine is malformed: ${problems.join('; ')}`);
  return def;
}

export function transitionFor<S extends string, A extends string>(machine: MachineDef<S, A>, action: A): TransitionDef<S, A> {
  const transition = machine.transitions.find((t) => t.action === action);
  if (!transition) throw new Error(`${machine.flow} machine has no action ${action}`);
  return transition;
}

export function isTerminal<S extends string>(machine: MachineDef<S, string>, state: S): boolean {
  return machine.states[state].terminal;
}

/** The actions available from a state (for one kind of actor): what a page offers as buttons. */
export function actionsFrom<S extends string, A extends string>(machine: MachineDef<S, A>, state: S, actor?: ActorType): A[] {
  return machine.transitions
    .filter((t) => t.from.includes(state) && (actor === undefined || t.actors.includes(actor)))
    .map((t) => t.action);
}

/**
 * Decides whether `actor` may take `action` on an order in state `current`, checking in this order
 * the actor, the source state, then the guard. Refusals are DomainErrors with a code; an unknown
 * action is a programming error. The database applier re-checks the state in its UPDATE.
 */
export function planTransition<S extends string, A extends string>(
  machine: MachineDef<S, A>,
  request: { current: S; action: A; actor: ActorType; context: GuardContext },
): PlannedTransition<S, A> {
  const transition = transitionFor(machine, request.action);
  if (!transition.actors.includes(request.actor)) {
    throw new DomainError('ACTION_NOT_ALLOWED', `A ${request.actor} may not ${describe(request.action)} a ${flowName(machine.flow)}.`);
  }
  if (!transition.from.includes(request.current)) {
    throw new DomainError(
      'INVALID_ORDER_STATE',
      `The order is ${request.current}; to ${describe(request.action)} it must be ${transition.from.join(' or ')}.`,
      { meta: { status: request.current } },
    );
  }
  const refusal = transition.guard?.(request.context);
  if (refusal) throw refusal;
  return { action: transition.action, from: transition.from, to: transition.to, event: transition.event };
}

function describe(action: string): string {
  return action.replaceAll('_', ' ');
}

function flowName(flow: Flow): string {
  return flow === 'payout' ? 'payout' : 'pay-in';
}
