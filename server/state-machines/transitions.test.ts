import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDomainError } from '../errors';
import { actionsFrom, defineMachine, planTransition, type ActorType, type GuardContext, type MachineDef } from './machine';
import { payinMachine } from './payin';
import { payoutMachine } from './payout';

const now = new Date('2026-11-23T08:00:00.000Z');
/** A context every guard accepts. */
const passing: GuardContext = { now, reason: 'not received', note: 'checked the bank statement', dueAt: now, proofCount: 2 };

function attempt<S extends string, A extends string>(machine: MachineDef<S, A>, current: S, action: A, actor: ActorType, context = passing) {
  try {
    return { plan: planTransition(machine, { current, action, actor, context }) };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { error };
  }
}

/** The table the spec, decisions.md and the Foundation issue give (docs/state-machines.md). */
const expectedPayout: Record<string, [string[], string, ActorType[]]> = {
  accept: [['PENDING_MATCH'], 'PENDING_PAYMENT', ['trader']],
  release_task: [['PENDING_PAYMENT'], 'PENDING_MATCH', ['trader']],
  mark_overdue: [['PENDING_PAYMENT'], 'PAYMENT_OVERDUE', ['system']],
  submit_proof: [['PENDING_PAYMENT', 'PAYMENT_OVERDUE'], 'PAYMENT_SUBMITTED', ['trader']],
  confirm: [['PAYMENT_SUBMITTED'], 'COMPLETED', ['merchant']],
  dispute: [['PAYMENT_SUBMITTED'], 'DISPUTED', ['merchant']],
  merchant_action_timeout: [['PAYMENT_SUBMITTED'], 'DISPUTED', ['system']],
  resolve_release: [['DISPUTED'], 'COMPLETED', ['operator']],
  resolve_refund: [['DISPUTED'], 'CANCELLED', ['operator']],
  reassign: [['PENDING_MATCH', 'PAYMENT_OVERDUE'], 'PENDING_MATCH', ['operator']],
  cancel: [['PENDING_MATCH', 'PAYMENT_OVERDUE'], 'CANCELLED', ['operator']],
};

const expectedPayin: Record<string, [string[], string, ActorType[]]> = {
  match: [['PENDING_MATCH'], 'PENDING_PAYMENT', ['system']],
  submit_payment: [['PENDING_PAYMENT'], 'PAYMENT_SUBMITTED', ['buyer']],
  buyer_cancel: [['PENDING_MATCH', 'PENDING_PAYMENT'], 'CANCELLED', ['buyer']],
  expire: [['PENDING_MATCH', 'PENDING_PAYMENT'], 'CANCELLED', ['system']],
  confirm_receipt: [['PAYMENT_SUBMITTED'], 'PENDING_RELEASE', ['trader']],
  begin_settlement: [['PENDING_RELEASE'], 'SETTLING', ['system']],
  settle: [['SETTLING'], 'COMPLETED', ['system']],
  settlement_failed: [['SETTLING'], 'FAILED', ['system']],
  dispute: [['PAYMENT_SUBMITTED'], 'DISPUTED', ['trader', 'buyer']],
  resolve_complete: [['DISPUTED'], 'COMPLETED', ['operator']],
  resolve_fail: [['DISPUTED'], 'FAILED', ['operator']],
};

const allActors: ActorType[] = ['merchant', 'trader', 'operator', 'buyer', 'system'];

describe.each([
  { name: 'payout', machine: payoutMachine as MachineDef<string, string>, expected: expectedPayout, terminal: ['COMPLETED', 'CANCELLED'] },
  { name: 'pay-in', machine: payinMachine as MachineDef<string, string>, expected: expectedPayin, terminal: ['COMPLETED', 'CANCELLED', 'FAILED'] },
])('$name machine', ({ machine, expected, terminal }) => {
  it('declares exactly the expected transitions', () => {
    const declared = Object.fromEntries(machine.transitions.map((t) => [t.action, [[...t.from], t.to, [...t.actors]]]));
    expect(declared).toEqual(expected);
  });

  it('marks exactly the expected states terminal', () => {
    const actual = Object.entries(machine.states).filter(([, s]) => s.terminal).map(([name]) => name);
    expect(actual.sort()).toEqual([...terminal].sort());
  });

  const states = Object.keys(machine.states);
  const cases = states.flatMap((state) => machine.transitions.map((t) => ({ state, action: t.action })));

  it.each(cases)('$action from $state: allowed exactly when declared, refused with INVALID_ORDER_STATE otherwise', ({ state, action }) => {
    const [from, to, actors] = expected[action]!;
    for (const actor of actors) {
      const result = attempt(machine, state, action, actor);
      if (from.includes(state)) {
        expect(result.plan?.to).toBe(to);
      } else {
        expect(result.error?.code).toBe('INVALID_ORDER_STATE');
        expect(result.error?.meta).toEqual({ status: state });
        expect(result.error?.message).toContain(state);
      }
    }
  });

  it.each(machine.transitions.map((t) => ({ action: t.action })))('$action refuses every other kind of actor with ACTION_NOT_ALLOWED', ({ action }) => {
    const [from, , actors] = expected[action]!;
    for (const actor of allActors.filter((a) => !actors.includes(a))) {
      expect(attempt(machine, from[0]!, action, actor).error?.code).toBe('ACTION_NOT_ALLOWED');
    }
  });

  it('no action leaves a terminal state', () => {
    for (const state of terminal) {
      expect(actionsFrom(machine, state)).toEqual([]);
    }
  });
});

describe('guards', () => {
  const submitted = 'PAYMENT_SUBMITTED' as const;

  it('a payout dispute needs a reason of 1 to 500 characters', () => {
    const dispute = (reason: string | null) => attempt(payoutMachine, submitted, 'dispute', 'merchant', { now, reason });
    expect(dispute('x'.repeat(500)).plan?.to).toBe('DISPUTED');
    expect(dispute('x').plan?.to).toBe('DISPUTED');
    for (const bad of ['x'.repeat(501), '', '   ', null]) {
      const { error } = dispute(bad);
      expect(error?.code).toBe('VALIDATION_FAILED');
      expect(error?.details?.[0]?.path).toBe('reason');
    }
  });

  it('a ruling needs a note', () => {
    expect(attempt(payoutMachine, 'DISPUTED', 'resolve_release', 'operator', { now, note: 'ok' }).plan?.to).toBe('COMPLETED');
    expect(attempt(payoutMachine, 'DISPUTED', 'resolve_release', 'operator', { now, note: ' ' }).error?.code).toBe('VALIDATION_FAILED');
    expect(attempt(payinMachine, 'DISPUTED', 'resolve_fail', 'operator', { now }).error?.details?.[0]?.path).toBe('note');
  });

  it('a timed transition applies from its due time, not one millisecond before', () => {
    const due = new Date(now.getTime());
    expect(attempt(payoutMachine, 'PENDING_PAYMENT', 'mark_overdue', 'system', { now, dueAt: due }).plan?.to).toBe('PAYMENT_OVERDUE');
    const early = attempt(payoutMachine, 'PENDING_PAYMENT', 'mark_overdue', 'system', { now: new Date(now.getTime() - 1), dueAt: due });
    expect(early.error?.code).toBe('TRANSITION_NOT_DUE');
    expect(attempt(payinMachine, 'PENDING_PAYMENT', 'expire', 'system', { now, dueAt: null }).error?.code).toBe('TRANSITION_NOT_DUE');
    expect(attempt(payoutMachine, submitted, 'merchant_action_timeout', 'system', { now, dueAt: due }).plan?.to).toBe('DISPUTED');
  });

  it('proof is 1 to 3 images', () => {
    const submit = (proofCount: number) => attempt(payoutMachine, 'PENDING_PAYMENT', 'submit_proof', 'trader', { now, proofCount });
    expect(submit(1).plan?.to).toBe('PAYMENT_SUBMITTED');
    expect(submit(3).plan?.to).toBe('PAYMENT_SUBMITTED');
    expect(submit(0).error?.code).toBe('VALIDATION_FAILED');
    expect(submit(4).error?.code).toBe('VALIDATION_FAILED');
  });

  it('checks the actor before the state, and the state before the guard', () => {
    expect(attempt(payoutMachine, 'COMPLETED', 'dispute', 'buyer', { now }).error?.code).toBe('ACTION_NOT_ALLOWED');
    expect(attempt(payoutMachine, 'COMPLETED', 'dispute', 'merchant', { now }).error?.code).toBe('INVALID_ORDER_STATE');
  });

  it('an unknown action is a programming error, not a user error', () => {
    expect(() => planTransition(payoutMachine, { current: 'PENDING_MATCH', action: 'teleport' as never, actor: 'system', context: passing })).toThrow(
      /no action teleport/,
    );
  });
});

describe('defineMachine refuses a malformed machine', () => {
  const base = {
    flow: 'payout' as const,
    states: { A: { terminal: false, label: 'A', description: '' }, Z: { terminal: true, label: 'Z', description: '' } },
    initial: ['A'] as const,
  };
  it.each([
    ['an undeclared target', [{ action: 'go', from: ['A'], to: 'B', actors: ['system'], description: '' }], /target B/],
    ['a way out of a terminal state', [{ action: 'go', from: ['A'], to: 'Z', actors: ['system'], description: '' }, { action: 'back', from: ['Z'], to: 'A', actors: ['system'], description: '' }], /leaves terminal state Z/],
    ['a duplicate action', [{ action: 'go', from: ['A'], to: 'Z', actors: ['system'], description: '' }, { action: 'go', from: ['A'], to: 'Z', actors: ['system'], description: '' }], /declared twice/],
    ['a dead-end state', [], /state A has no way out/],
  ])('%s', (_name, transitions, message) => {
    expect(() => defineMachine({ ...base, transitions } as never)).toThrow(message);
  });
});

describe('docs/state-machines.md', () => {
  const doc = readFileSync(path.join(process.cwd(), 'docs', 'state-machines.md'), 'utf8');
  const all = [...payoutMachine.transitions, ...payinMachine.transitions] as { action: string; from: readonly string[]; to: string }[];
  it.each(all.map((transition) => ({ action: transition.action, transition })))(
    '$action is documented with its states',
    ({ transition }) => {
      const rows = doc.split('\n').filter((line) => line.includes(`\`${transition.action}\``) && line.startsWith('|'));
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => row.includes(transition.to) && transition.from.every((from) => row.includes(from)))).toBe(true);
    },
  );
});
