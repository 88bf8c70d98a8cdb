import { DomainError } from '@/server/errors';

export type ActorType = 'merchant' | 'trader' | 'operator' | 'buyer' | 'system';
type Flow = 'payout' | 'payin' | 'deposit' | 'withdrawal' | 'chain_send' | 'chain_sweep' | 'reconciliation_item';

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
  /** The outbox event written with the change; none when the merchant need not hear of it. */
  event?: string;
  guard?: Guard;
  description: string;
}

export interface MachineDef<S extends string, A extends string> {
  flow: Flow;
  states: Record<S, StateDef>;
  /** States an order may be created in: creation is an INSERT, not a transition. */
  initial: readonly S[];
  transitions: readonly TransitionDef<S, A>[];
}

export interface PlannedTransition<S extends string, A extends string> {
  action: A;
  /** Every state the action may start from: the applier's `WHERE status = ANY(from)`. */
  from: readonly S[];
  to: S;
  event: string | undefined;
}

/**
 * Declares a machine and checks its shape once, at module load: a typo in a state name, a way out
 * of a terminal state, a duplicate action, a dead-end or unreachable state fails loudly before any
 * order moves, instead of surfacing as an order stuck in production.
 */
export function defineMachine<S extends string, A extends string>(def: MachineDef<S, A>): MachineDef<S, A> {
  const problems = machineProblems(def);
  if (problems.length > 0) throw new Error(`${def.flow} machine is malformed: ${problems.join('; ')}`);
  return def;
}

function machineProblems<S extends string, A extends string>(def: MachineDef<S, A>): string[] {
  const known = (state: string): state is S => Object.hasOwn(def.states, state);
  const states = Object.keys(def.states) as S[];
  const problems: string[] = [];

  if (def.initial.length === 0) problems.push('has no initial state');
  for (const state of def.initial) {
    if (!known(state)) problems.push(`initial state ${state} is not declared`);
  }

  const actions = new Set<string>();
  for (const t of def.transitions) {
    if (actions.has(t.action)) problems.push(`action ${t.action} is declared twice`);
    actions.add(t.action);
    if (!known(t.to)) problems.push(`${t.action}: target ${t.to} is not declared`);
    if (t.from.length === 0) problems.push(`${t.action}: has no source state`);
    if (t.actors.length === 0) problems.push(`${t.action}: has no actor`);
    for (const from of t.from) {
      if (!known(from)) problems.push(`${t.action}: source ${from} is not declared`);
      else if (def.states[from].terminal) problems.push(`${t.action}: leaves terminal state ${from}`);
    }
  }

  for (const state of states) {
    // A self-loop (e.g. reassign) is not a way out: the order would still never finish.
    const leaves = def.transitions.some((t) => t.from.includes(state) && t.to !== state);
    if (!def.states[state].terminal && !leaves) problems.push(`non-terminal state ${state} has no way out`);
  }

  const reachable = new Set<string>(def.initial);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of def.transitions) {
      if (!reachable.has(t.to) && t.from.some((from) => reachable.has(from))) {
        reachable.add(t.to);
        grew = true;
      }
    }
  }
  for (const state of states) {
    if (!reachable.has(state)) problems.push(`state ${state} cannot be reached from an initial state`);
  }
  return problems;
}

/** The declared transition of an action; an unknown action is a programming error, not a refusal. */
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
 * Decides whether `actor` may take `action` on an order in state `current`. The actor is checked
 * before the state so that a caller who may never take the action learns nothing about the order;
 * the state before the guard so that a late request hears "the order moved on", not "bad reason".
 * The database applier re-checks the state in its UPDATE, so a plan is only valid for `from`.
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
  return flow === 'payin' ? 'pay-in' : flow === 'chain_sweep' ? 'sweep' : flow.replaceAll('_', ' ');
}
