import { describe, expect, it } from 'vitest';
import { isDomainError, type DomainError } from '@/server/errors';
import { actionsFrom, planTransition, type ActorType, type GuardContext } from '@/server/orders/machine';
import { payoutActions, payoutMachine, payoutStatuses, type PayoutAction, type PayoutStatus } from '@/server/payouts/payout-machine';

const now = new Date('2026-11-23T08:00:00.000Z');
/** A context every guard accepts, so a refusal below can only come from the actor or the state. */
const passing: GuardContext = { now, reason: 'not received', note: 'checked the bank statement', dueAt: now, proofCount: 2 };
const allActors: ActorType[] = ['merchant', 'trader', 'operator', 'buyer', 'system'];

/**
 * The contract, written out independently of payout-machine.ts (docs/state-machines.md: "Payout" and
 * "Time windows"): a change to the machine must change this table too.
 */
const expected: Record<PayoutAction, { from: PayoutStatus[]; to: PayoutStatus; actors: ActorType[]; event: string | undefined; guarded: boolean }> = {
  accept: { from: ['PENDING_MATCH'], to: 'PENDING_PAYMENT', actors: ['trader'], event: 'payout.accepted', guarded: false },
  release_task: { from: ['PENDING_PAYMENT'], to: 'PENDING_MATCH', actors: ['trader'], event: undefined, guarded: false },
  mark_overdue: { from: ['PENDING_PAYMENT'], to: 'PAYMENT_OVERDUE', actors: ['system'], event: 'payout.overdue', guarded: true },
  submit_proof: { from: ['PENDING_PAYMENT', 'PAYMENT_OVERDUE'], to: 'PAYMENT_SUBMITTED', actors: ['trader'], event: 'payout.proof_submitted', guarded: true },
  confirm: { from: ['PAYMENT_SUBMITTED'], to: 'COMPLETED', actors: ['merchant'], event: 'payout.completed', guarded: false },
  dispute: { from: ['PAYMENT_SUBMITTED'], to: 'DISPUTED', actors: ['merchant'], event: 'payout.disputed', guarded: true },
  merchant_action_timeout: { from: ['PAYMENT_SUBMITTED'], to: 'DISPUTED', actors: ['system'], event: 'payout.disputed', guarded: true },
  resolve_release: { from: ['DISPUTED'], to: 'COMPLETED', actors: ['operator', 'system'], event: 'payout.dispute_resolved', guarded: true },
  resolve_refund: { from: ['DISPUTED'], to: 'CANCELLED', actors: ['operator', 'system'], event: 'payout.dispute_resolved', guarded: true },
  withdraw_dispute: { from: ['DISPUTED'], to: 'PAYMENT_SUBMITTED', actors: ['merchant'], event: 'payout.dispute_withdrawn', guarded: false },
  resolve_split: { from: ['DISPUTED'], to: 'COMPLETED', actors: ['operator', 'system'], event: 'payout.dispute_resolved', guarded: true },
  reassign: { from: ['PENDING_MATCH', 'PAYMENT_OVERDUE'], to: 'PENDING_MATCH', actors: ['operator'], event: 'payout.reassigned', guarded: false },
  cancel: { from: ['PENDING_MATCH', 'PAYMENT_OVERDUE'], to: 'CANCELLED', actors: ['operator'], event: 'payout.cancelled', guarded: false },
  merchant_cancel: { from: ['PENDING_MATCH'], to: 'CANCELLED', actors: ['merchant'], event: 'payout.cancelled', guarded: false },
};

function attempt(current: PayoutStatus, action: PayoutAction, actor: ActorType, context: GuardContext = passing) {
  try {
    return { plan: planTransition(payoutMachine, { current, action, actor, context }), error: undefined };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { plan: undefined, error: error as DomainError };
  }
}

describe('payout machine: shape', () => {
  it('declares exactly the contract transitions, each with its event and guard', () => {
    const declared = Object.fromEntries(
      payoutMachine.transitions.map((t) => [t.action, { from: [...t.from], to: t.to, actors: [...t.actors], event: t.event, guarded: t.guard !== undefined }]),
    );
    expect(declared).toEqual(expected);
    expect([...payoutActions].sort()).toEqual(Object.keys(expected).sort());
  });

  it('has the states of docs/state-machines.md with their labels; COMPLETED and CANCELLED are terminal', () => {
    expect(Object.keys(payoutMachine.states)).toEqual([...payoutStatuses]);
    expect(Object.fromEntries(Object.entries(payoutMachine.states).map(([s, d]) => [s, [d.label, d.terminal]]))).toEqual({
      PENDING_MATCH: ['Matching Trader', false],
      PENDING_PAYMENT: ['Trader Transferring', false],
      PAYMENT_OVERDUE: ['Payment Overdue', false],
      PAYMENT_SUBMITTED: ['Proof Submitted', false],
      COMPLETED: ['Completed', true],
      DISPUTED: ['Disputed', false],
      CANCELLED: ['Cancelled', true],
    });
  });

  it('is created in PENDING_MATCH only', () => {
    expect(payoutMachine.initial).toEqual(['PENDING_MATCH']);
  });

  it('offers no action from a terminal state, and proof never straight from PENDING_MATCH', () => {
    expect(actionsFrom(payoutMachine, 'COMPLETED')).toEqual([]);
    expect(actionsFrom(payoutMachine, 'CANCELLED')).toEqual([]);
    expect(actionsFrom(payoutMachine, 'PENDING_MATCH', 'trader')).toEqual(['accept']);
  });

  it('the merchant may cancel only while no trader holds the task; the operator also once it is overdue', () => {
    const cancellableBy = (actor: ActorType) => payoutStatuses.filter((state) => actionsFrom(payoutMachine, state, actor).some((a) => a.endsWith('cancel')));
    expect(cancellableBy('merchant')).toEqual(['PENDING_MATCH']);
    expect(cancellableBy('operator')).toEqual(['PENDING_MATCH', 'PAYMENT_OVERDUE']);
    expect(attempt('PENDING_MATCH', 'merchant_cancel', 'merchant', { now }).plan?.to).toBe('CANCELLED');
    expect(attempt('PENDING_MATCH', 'cancel', 'merchant').error?.code).toBe('ACTION_NOT_ALLOWED');
  });
});

describe('payout machine: every (state, action) pair', () => {
  const allowed = payoutActions.flatMap((action) =>
    expected[action].from.flatMap((state) => expected[action].actors.map((actor) => ({ state, action, actor }))),
  );
  it.each(allowed)('$action from $state by $actor is planned', ({ state, action, actor }) => {
    const { plan, error } = attempt(state, action, actor);
    expect(error).toBeUndefined();
    expect(plan).toEqual({ action, from: expected[action].from, to: expected[action].to, event: expected[action].event });
  });

  const refused = payoutStatuses.flatMap((state) =>
    payoutActions
      .filter((action) => !expected[action].from.includes(state))
      .flatMap((action) => expected[action].actors.map((actor) => ({ state, action, actor }))),
  );
  it.each(refused)('$action from $state by $actor is INVALID_ORDER_STATE', ({ state, action, actor }) => {
    const { error } = attempt(state, action, actor);
    expect(error?.code).toBe('INVALID_ORDER_STATE');
    expect(error?.meta).toEqual({ status: state });
    expect(error?.message).toContain(state);
    for (const needed of expected[action].from) expect(error?.message).toContain(needed);
  });

  it('covers all 98 pairs: the table above names every state and action of the machine, 7 x 14', () => {
    // The table is written from the docs; the machine may hold no state or action it leaves out.
    expect(new Set(Object.values(expected).flatMap(({ from, to }) => [...from, to]))).toEqual(new Set(payoutStatuses));
    expect(new Set(payoutMachine.transitions.map((t) => t.action))).toEqual(new Set(Object.keys(expected)));
    expect(new Set([...allowed, ...refused].map(({ state, action }) => `${state}:${action}`)).size).toBe(98);
  });

  const wrongActors = payoutStatuses.flatMap((state) =>
    payoutActions.flatMap((action) => allActors.filter((a) => !expected[action].actors.includes(a)).map((actor) => ({ state, action, actor }))),
  );
  it.each(wrongActors)('$action by $actor (order $state) is ACTION_NOT_ALLOWED', ({ state, action, actor }) => {
    expect(attempt(state, action, actor).error?.code).toBe('ACTION_NOT_ALLOWED');
  });
});

describe('payout guards at their edges', () => {
  const dispute = (reason: string | null | undefined) => attempt('PAYMENT_SUBMITTED', 'dispute', 'merchant', { now, reason });

  it('a dispute reason of 1 or 500 characters is accepted, and counted after trimming', () => {
    expect(dispute('x').plan?.to).toBe('DISPUTED');
    expect(dispute('x'.repeat(500)).plan?.to).toBe('DISPUTED');
    expect(dispute(`  ${'x'.repeat(500)}  `).plan?.to).toBe('DISPUTED');
  });

  it.each([
    ['501 characters', 'x'.repeat(501)],
    ['empty', ''],
    ['whitespace', ' \t\n '],
    ['null', null],
    ['missing', undefined],
  ])('a dispute reason that is %s is VALIDATION_FAILED on path reason', (_name, reason) => {
    const { error } = dispute(reason);
    expect(error?.code).toBe('VALIDATION_FAILED');
    expect(error?.details).toEqual([{ path: 'reason', message: expect.any(String) }]);
  });

  it.each(['mark_overdue', 'merchant_action_timeout'] as const)('%s applies exactly at its due time, not 1 ms before', (action) => {
    const state = expected[action].from[0]!;
    expect(attempt(state, action, 'system', { now, dueAt: now }).plan?.to).toBe(expected[action].to);
    expect(attempt(state, action, 'system', { now, dueAt: new Date(now.getTime() - 1) }).plan?.to).toBe(expected[action].to);
    expect(attempt(state, action, 'system', { now, dueAt: new Date(now.getTime() + 1) }).error?.code).toBe('TRANSITION_NOT_DUE');
    expect(attempt(state, action, 'system', { now: new Date(now.getTime() - 1), dueAt: now }).error?.code).toBe('TRANSITION_NOT_DUE');
    expect(attempt(state, action, 'system', { now, dueAt: null }).error?.code).toBe('TRANSITION_NOT_DUE');
    expect(attempt(state, action, 'system', { now }).error?.code).toBe('TRANSITION_NOT_DUE');
  });

  it.each([
    [0, false],
    [1, true],
    [2, true],
    [3, true],
    [4, false],
  ])('proof of %i images: accepted %s', (proofCount, ok) => {
    for (const state of expected.submit_proof.from) {
      const { plan, error } = attempt(state, 'submit_proof', 'trader', { now, proofCount });
      if (ok) {
        expect(plan?.to).toBe('PAYMENT_SUBMITTED');
      } else {
        expect(error?.code).toBe('VALIDATION_FAILED');
        expect(error?.details).toEqual([{ path: 'proofs', message: expect.any(String) }]);
      }
    }
  });

  it('a proof without a count is refused', () => {
    expect(attempt('PENDING_PAYMENT', 'submit_proof', 'trader', { now }).error?.code).toBe('VALIDATION_FAILED');
  });

  it.each(['resolve_release', 'resolve_refund', 'resolve_split'] as const)('%s needs an operator note of 1 to 1000 characters', (action) => {
    const resolve = (note: string | null) => attempt('DISPUTED', action, 'operator', { now, note });
    expect(resolve('x').plan?.to).toBe(expected[action].to);
    expect(resolve('x'.repeat(1000)).plan?.to).toBe(expected[action].to);
    for (const bad of ['x'.repeat(1001), '', '   ', null]) {
      const { error } = resolve(bad);
      expect(error?.code).toBe('VALIDATION_FAILED');
      expect(error?.details?.[0]?.path).toBe('note');
    }
  });

  it('the state is checked before the guard: a late dispute hears the real status, not "bad reason"', () => {
    expect(attempt('COMPLETED', 'dispute', 'merchant', { now, reason: '' }).error?.code).toBe('INVALID_ORDER_STATE');
  });
});
