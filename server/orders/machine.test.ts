import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, isDomainError } from '@/server/errors';
import { requireDue, requireNote, requireProofCount, requireReason } from '@/server/orders/guards';
import { depositMachine } from '@/server/deposits/deposit-machine';
import { withdrawalMachine } from '@/server/withdrawals/withdrawal-machine';
import { chainSendMachine } from '@/server/chain-sends/chain-send-machine';
import { sweepMachine } from '@/server/chain-sends/sweeps/sweep-machine';
import { payinMachine } from '@/server/payins/payin-machine';
import { payoutMachine } from '@/server/payouts/payout-machine';
import { reconciliationItemMachine } from '@/server/reconciliation/item-machine';
import {
  actionsFrom,
  defineMachine,
  isTerminal,
  planTransition,
  transitionFor,
  type ActorType,
  type GuardContext,
  type MachineDef,
} from '@/server/orders/machine';
import { defaultWindows } from '@/server/orders/windows';

const now = new Date('2026-11-23T08:00:00.000Z');
const allActors: ActorType[] = ['merchant', 'trader', 'operator', 'buyer', 'system'];
// Every flow's machine, each defined in its own folder and checked by the kernel's rules.
const machines = {
  payout: payoutMachine,
  payin: payinMachine,
  deposit: depositMachine,
  withdrawal: withdrawalMachine,
  chain_send: chainSendMachine,
  chain_sweep: sweepMachine,
  reconciliation_item: reconciliationItemMachine,
} as const;
const flows = Object.values(machines) as MachineDef<string, string>[];

describe('defineMachine', () => {
  const state = (terminal: boolean) => ({ terminal, label: 'x', description: 'x' });
  const go = (from: string[], to: string, action = 'go') => ({ action, from, to, actors: ['system'] as ActorType[], description: 'x' });
  const wellFormed = { flow: 'payout' as const, states: { A: state(false), Z: state(true) }, initial: ['A'], transitions: [go(['A'], 'Z')] };

  it('returns a well-formed machine as it is', () => {
    expect(defineMachine(wellFormed)).toBe(wellFormed);
  });

  it.each([
    ['an undeclared target', { transitions: [go(['A'], 'B')] }, /target B is not declared/],
    ['an undeclared source', { transitions: [go(['A'], 'Z'), go(['B'], 'Z', 'other')] }, /source B is not declared/],
    ['an undeclared initial state', { initial: ['B'] }, /initial state B is not declared/],
    ['no initial state', { initial: [] }, /no initial state/],
    ['a way out of a terminal state', { transitions: [go(['A'], 'Z'), go(['Z'], 'A', 'back')] }, /back: leaves terminal state Z/],
    ['a duplicate action', { transitions: [go(['A'], 'Z'), go(['A'], 'Z')] }, /action go is declared twice/],
    ['a dead-end state', { transitions: [] }, /non-terminal state A has no way out/],
    ['a state whose only way out is a loop', { transitions: [go(['A'], 'A')] }, /non-terminal state A has no way out/],
    ['an unreachable state', { states: { A: state(false), Z: state(true), Y: state(true) } }, /state Y cannot be reached/],
    ['a transition without source', { transitions: [go(['A'], 'Z'), go([], 'Z', 'nowhere')] }, /nowhere: has no source state/],
    ['a transition nobody may take', { transitions: [{ ...go(['A'], 'Z'), actors: [] }] }, /go: has no actor/],
  ])('refuses %s', (_name, change, message) => {
    expect(() => defineMachine({ ...wellFormed, ...change } as MachineDef<string, string>)).toThrow(message);
  });

  it('names the flow and every problem at once', () => {
    const broken = { ...wellFormed, initial: ['B'], transitions: [go(['A'], 'Q')] };
    expect(() => defineMachine(broken)).toThrow(/^payout machine is malformed: .*initial state B.*target Q/);
  });
});

describe.each(flows.map((machine) => ({ flow: machine.flow, machine })))('$flow machine as a graph', ({ machine }) => {
  const states = Object.keys(machine.states);

  it('can finish from every state: a terminal state is reachable from each', () => {
    for (const start of states) {
      const seen = new Set([start]);
      for (let size = 0; size !== seen.size; ) {
        size = seen.size;
        for (const t of machine.transitions) if (t.from.some((f) => seen.has(f))) seen.add(t.to);
      }
      expect([...seen].some((s) => isTerminal(machine, s)), `stuck from ${start}`).toBe(true);
    }
  });

  it('actionsFrom lists exactly the transitions planTransition accepts', () => {
    const context: GuardContext = { now, reason: 'r', note: 'n', dueAt: now, proofCount: 1 };
    for (const state of states) {
      for (const actor of allActors) {
        const accepted = machine.transitions
          .filter((t) => {
            try {
              planTransition(machine, { current: state, action: t.action, actor, context });
              return true;
            } catch {
              return false;
            }
          })
          .map((t) => t.action);
        expect(actionsFrom(machine, state, actor)).toEqual(accepted);
      }
      expect(new Set(actionsFrom(machine, state))).toEqual(new Set(allActors.flatMap((a) => actionsFrom(machine, state, a))));
    }
  });

  it('transitionFor finds each action and refuses an unknown one as a programming error', () => {
    for (const t of machine.transitions) expect(transitionFor(machine, t.action)).toBe(t);
    expect(() => transitionFor(machine, 'teleport')).toThrow(`${machine.flow} machine has no action teleport`);
  });
});

describe('planTransition', () => {
  const payout = machines.payout;
  const context: GuardContext = { now };

  it('an unknown action is a plain Error, not a DomainError a caller could be shown', () => {
    const attempt = () => planTransition(payout, { current: 'COMPLETED', action: 'teleport' as never, actor: 'buyer', context });
    expect(attempt).toThrow(/no action teleport/);
    expect(attempt).not.toThrow(DomainError);
  });

  it('checks the actor before the state, and the state before the guard', () => {
    const codeOf = (current: 'COMPLETED' | 'PAYMENT_SUBMITTED', actor: ActorType) => {
      try {
        planTransition(payout, { current, action: 'dispute', actor, context: { now, reason: '' } });
      } catch (error) {
        return isDomainError(error) ? error.code : 'not a DomainError';
      }
      return 'planned';
    };
    expect(codeOf('COMPLETED', 'buyer')).toBe('ACTION_NOT_ALLOWED');
    expect(codeOf('COMPLETED', 'merchant')).toBe('INVALID_ORDER_STATE');
    expect(codeOf('PAYMENT_SUBMITTED', 'merchant')).toBe('VALIDATION_FAILED');
  });

  it("throws the guard's own DomainError, and the message names the status and the states needed", () => {
    const refusal = new DomainError('TRANSITION_NOT_DUE', 'not yet');
    const machine = defineMachine({
      flow: 'payin',
      states: { A: { terminal: false, label: 'A', description: '' }, B: { terminal: false, label: 'B', description: '' }, Z: { terminal: true, label: 'Z', description: '' } },
      initial: ['A'],
      transitions: [
        { action: 'wait', from: ['A'], to: 'B', actors: ['system'], guard: () => refusal, description: '' },
        { action: 'end', from: ['A', 'B'], to: 'Z', actors: ['system'], description: '' },
      ],
    });
    expect(() => planTransition(machine, { current: 'A', action: 'wait', actor: 'system', context })).toThrow(refusal);
    expect(() => planTransition(machine, { current: 'Z', action: 'end', actor: 'system', context })).toThrow(
      'The order is Z; to end it must be A or B.',
    );
    expect(() => planTransition(machine, { current: 'A', action: 'end', actor: 'buyer', context })).toThrow('A buyer may not end a pay-in.');
  });
});

describe('guards', () => {
  it('requireReason: 1 to 500 characters after trimming', () => {
    expect(requireReason({ now, reason: ' '.repeat(10) + 'x'.repeat(500) })).toBeNull();
    expect(requireReason({ now, reason: 'x'.repeat(501) })?.details).toEqual([{ path: 'reason', message: 'must be 1 to 500 characters' }]);
    expect(requireReason({ now, reason: '  ' })?.details).toEqual([{ path: 'reason', message: 'is required' }]);
  });

  it('requireNote: 1 to 1000 characters after trimming', () => {
    expect(requireNote({ now, note: 'x'.repeat(1000) })).toBeNull();
    expect(requireNote({ now, note: 'x'.repeat(1001) })?.code).toBe('VALIDATION_FAILED');
    expect(requireNote({ now })?.details?.[0]?.path).toBe('note');
  });

  it('requireDue: due at or after dueAt; a missing deadline is never due', () => {
    expect(requireDue({ now, dueAt: now })).toBeNull();
    expect(requireDue({ now, dueAt: new Date(now.getTime() + 1) })?.message).toBe('Not due until 2026-11-23T08:00:00.001Z.');
    expect(requireDue({ now })?.code).toBe('TRANSITION_NOT_DUE');
  });

  it('requireProofCount: a whole number from 1 to 3', () => {
    expect([0, 1, 3, 4, 1.5, -1, Number.NaN].map((proofCount) => requireProofCount({ now, proofCount })?.code ?? 'ok')).toEqual([
      'VALIDATION_FAILED',
      'ok',
      'ok',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
      'VALIDATION_FAILED',
    ]);
  });
});

describe('time windows (docs/state-machines.md, "Time windows")', () => {
  it('has the documented defaults', () => {
    expect(defaultWindows).toEqual({
      payinExpiryMs: 15 * 60_000,
      payoutMatchMs: 10 * 60_000,
      payoutPaymentMs: 30 * 60_000,
      payoutMerchantActionMs: 24 * 3_600_000,
      payinBuyerReportAfterMs: 15 * 60_000,
    });
  });
});

describe.each(flows.map((machine) => ({ flow: machine.flow, machine })))('$flow machine under random actions', ({ machine }) => {
  const actions = machine.transitions.map((t) => t.action);
  // Mostly permitted (action, actor) pairs, so runs get deep into the lifecycle; some of anything.
  const step = fc.oneof(
    { arbitrary: fc.constantFrom(...machine.transitions.flatMap((t) => t.actors.map((actor) => ({ action: t.action, actor })))), weight: 4 },
    { arbitrary: fc.record({ action: fc.constantFrom(...actions), actor: fc.constantFrom(...allActors) }), weight: 1 },
  );
  const context = fc.record({
    now: fc.constant(now),
    reason: fc.constantFrom<string | null>('not received', '', null),
    note: fc.constantFrom<string | null>('bank statement checked', null),
    dueAt: fc.constantFrom<Date | null>(now, new Date(now.getTime() + 1), null),
    proofCount: fc.integer({ min: 0, max: 4 }),
  });

  it('terminal states stay terminal, and every move is a declared transition', () => {
    fc.assert(
      fc.property(fc.constantFrom(...machine.initial), fc.array(fc.tuple(step, context), { maxLength: 30 }), (initial, steps) => {
        let state = initial;
        for (const [{ action, actor }, ctx] of steps) {
          const before = state;
          const declared = transitionFor(machine, action);
          try {
            const plan = planTransition(machine, { current: before, action, actor, context: ctx });
            expect(isTerminal(machine, before)).toBe(false);
            expect(plan.from).toContain(before);
            expect(machine.transitions.some((t) => t.action === plan.action && t.from.includes(before) && t.to === plan.to)).toBe(true);
            expect(plan).toEqual({ action, from: declared.from, to: declared.to, event: declared.event });
            state = plan.to;
          } catch (error) {
            if (!isDomainError(error)) throw error;
            if (isTerminal(machine, before)) {
              // The actor is checked first, so only a permitted actor learns the order is finished.
              expect(error.code).toBe(declared.actors.includes(actor) ? 'INVALID_ORDER_STATE' : 'ACTION_NOT_ALLOWED');
            }
            if (error.code === 'INVALID_ORDER_STATE') expect(error.meta).toEqual({ status: before });
          }
          if (isTerminal(machine, before)) expect(state).toBe(before);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('docs/state-machines.md', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/state-machines.md', import.meta.url)), 'utf8');
  const sections = {
    payout: section('## Payout'),
    payin: section('## Pay-in'),
    deposit: section('## Deposit'),
    withdrawal: section('## Withdrawal'),
    chain_send: section('## Chain send'),
    chain_sweep: section('## Sweep'),
    reconciliation_item: section('## Reconciliation item'),
  };

  function section(heading: string): string {
    const start = doc.indexOf(`\n${heading}\n`);
    expect(start, `${heading} heading`).toBeGreaterThan(-1);
    const end = doc.indexOf('\n## ', start + heading.length + 2);
    return doc.slice(start, end === -1 ? undefined : end);
  }

  const cases = flows.flatMap((machine) => machine.transitions.map((transition) => ({ flow: machine.flow, action: transition.action, transition })));

  it.each(cases)('$flow $action appears in the doc', ({ action }) => {
    expect(doc).toContain(action);
  });

  it.each(cases)('$flow $action: its table row matches the code', ({ flow, transition }) => {
    const rows = sections[flow].split('\n').filter((line) => line.startsWith(`| \`${transition.action}\` |`));
    expect(rows).toHaveLength(1);
    const cells = rows[0]!.split('|').slice(1, -1).map((cell) => cell.trim());
    const [, from, to, actors, event, guard] = cells;
    const list = (cell: string | undefined) => (cell ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    expect(list(from)).toEqual([...transition.from]);
    expect(to).toBe(transition.to);
    expect(list(actors)).toEqual([...transition.actors]);
    expect(event).toBe(transition.event ?? '');
    expect(guard !== '', 'guard column filled exactly when the action has a guard').toBe(transition.guard !== undefined);
  });

  it.each(cases)('$flow $action: drawn once per source state in the diagram', ({ flow, transition }) => {
    const label = `${transition.action} (${transition.actors.join(' or ')})`;
    for (const from of transition.from) {
      expect(sections[flow]).toContain(`  ${from} --> ${transition.to}: ${label}\n`);
    }
  });

  it.each(flows.map((machine) => ({ flow: machine.flow, machine })))('$flow states table: every state once, with its label and terminal flag', ({ flow, machine }) => {
    const rows = sections[flow].split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line));
    const documented = Object.fromEntries(
      rows.map((row) => {
        const [state, label, , terminal] = row.split('|').slice(1, -1).map((cell) => cell.trim());
        return [state!.replaceAll('`', ''), { label, terminal: terminal === 'yes' }];
      }),
    );
    expect(rows).toHaveLength(Object.keys(machine.states).length);
    expect(documented).toEqual(Object.fromEntries(Object.entries(machine.states).map(([state, def]) => [state, { label: def.label, terminal: def.terminal }])));
  });

  it.each(flows.map((machine) => ({ flow: machine.flow, machine })))('$flow diagram draws no transition the code lacks', ({ flow, machine }) => {
    const edges = [...sections[flow].matchAll(/^ {2}(\w+) --> (\w+): (\w+) \(/gm)].map(([, from, to, action]) => ({ from, to, action }));
    expect(edges.length).toBe(machine.transitions.reduce((n, t) => n + t.from.length, 0));
    for (const edge of edges) {
      const declared = machine.transitions.find((t) => t.action === edge.action);
      expect(declared?.from).toContain(edge.from);
      expect(declared?.to).toBe(edge.to);
    }
  });
});
