import { describe, expect, it } from 'vitest';
import { isDomainError, type DomainError } from '@/server/errors';
import { actionsFrom, planTransition, type ActorType, type GuardContext } from '@/server/orders/machine';
import { payinActions, payinMachine, payinStatuses, type PayinAction, type PayinStatus } from '@/server/payins/payin-machine';

const now = new Date('2026-11-23T08:00:00.000Z');
/** A context every guard accepts, so a refusal below can only come from the actor or the state. */
const passing: GuardContext = { now, reason: 'not received', note: 'checked the bank statement', dueAt: now, proofCount: 1 };
const allActors: ActorType[] = ['merchant', 'trader', 'operator', 'buyer', 'system'];

/**
 * The contract, written out independently of payin-machine.ts (docs/state-machines.md: "Pay-in" and
 * "Time windows"): a change to the machine must change this table too.
 */
const expected: Record<PayinAction, { from: PayinStatus[]; to: PayinStatus; actors: ActorType[]; event: string | undefined; guarded: boolean }> = {
  match: { from: ['PENDING_MATCH'], to: 'PENDING_PAYMENT', actors: ['system'], event: 'order.matched', guarded: false },
  submit_payment: { from: ['PENDING_PAYMENT'], to: 'PAYMENT_SUBMITTED', actors: ['buyer'], event: 'order.payment_submitted', guarded: false },
  buyer_cancel: { from: ['PENDING_MATCH', 'PENDING_PAYMENT'], to: 'CANCELLED', actors: ['buyer'], event: 'order.cancelled', guarded: false },
  merchant_cancel: { from: ['PENDING_MATCH', 'PENDING_PAYMENT'], to: 'CANCELLED', actors: ['merchant', 'operator'], event: 'order.cancelled', guarded: false },
  expire: { from: ['PENDING_MATCH', 'PENDING_PAYMENT'], to: 'CANCELLED', actors: ['system'], event: 'order.cancelled', guarded: true },
  confirm_receipt: { from: ['PAYMENT_SUBMITTED'], to: 'PENDING_RELEASE', actors: ['trader'], event: undefined, guarded: false },
  begin_settlement: { from: ['PENDING_RELEASE'], to: 'SETTLING', actors: ['system'], event: undefined, guarded: false },
  settle: { from: ['SETTLING'], to: 'COMPLETED', actors: ['system'], event: 'order.completed', guarded: false },
  settlement_failed: { from: ['SETTLING'], to: 'FAILED', actors: ['system'], event: 'order.failed', guarded: false },
  dispute: { from: ['PAYMENT_SUBMITTED'], to: 'DISPUTED', actors: ['trader', 'buyer'], event: 'order.disputed', guarded: true },
  resolve_complete: { from: ['DISPUTED'], to: 'COMPLETED', actors: ['operator', 'system'], event: 'order.completed', guarded: true },
  resolve_fail: { from: ['DISPUTED'], to: 'FAILED', actors: ['operator', 'system'], event: 'order.failed', guarded: true },
  resolve_split: { from: ['DISPUTED'], to: 'COMPLETED', actors: ['operator', 'system'], event: 'order.dispute_resolved', guarded: true },
};

function attempt(current: PayinStatus, action: PayinAction, actor: ActorType, context: GuardContext = passing) {
  try {
    return { plan: planTransition(payinMachine, { current, action, actor, context }), error: undefined };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { plan: undefined, error: error as DomainError };
  }
}

describe('pay-in machine: shape', () => {
  it('declares exactly the contract transitions, each with its event and guard', () => {
    const declared = Object.fromEntries(
      payinMachine.transitions.map((t) => [t.action, { from: [...t.from], to: t.to, actors: [...t.actors], event: t.event, guarded: t.guard !== undefined }]),
    );
    expect(declared).toEqual(expected);
    expect([...payinActions].sort()).toEqual(Object.keys(expected).sort());
  });

  it('has the states of docs/state-machines.md with their labels; COMPLETED, CANCELLED and FAILED are terminal', () => {
    expect(Object.keys(payinMachine.states)).toEqual([...payinStatuses]);
    expect(Object.fromEntries(Object.entries(payinMachine.states).map(([s, d]) => [s, [d.label, d.terminal]]))).toEqual({
      PENDING_MATCH: ['Matching Trader', false],
      PENDING_PAYMENT: ['Awaiting Payment', false],
      PAYMENT_SUBMITTED: ['Paid', false],
      PENDING_RELEASE: ['Awaiting Release', false],
      SETTLING: ['Settling', false],
      COMPLETED: ['Completed', true],
      CANCELLED: ['Cancelled', true],
      DISPUTED: ['Disputed', false],
      FAILED: ['Failed', true],
    });
  });

  it('is created in PENDING_MATCH (no trader can serve it yet) or PENDING_PAYMENT (matched)', () => {
    expect([...payinMachine.initial].sort()).toEqual(['PENDING_MATCH', 'PENDING_PAYMENT']);
  });

  it('offers no action from a terminal state, and the checkout the buyer its buttons', () => {
    for (const state of ['COMPLETED', 'CANCELLED', 'FAILED'] as const) expect(actionsFrom(payinMachine, state)).toEqual([]);
    expect(actionsFrom(payinMachine, 'PENDING_PAYMENT', 'buyer')).toEqual(['submit_payment', 'buyer_cancel']);
    expect(actionsFrom(payinMachine, 'PAYMENT_SUBMITTED', 'buyer')).toEqual(['dispute']);
  });
});

describe('pay-in machine: every (state, action) pair', () => {
  const allowed = payinActions.flatMap((action) =>
    expected[action].from.flatMap((state) => expected[action].actors.map((actor) => ({ state, action, actor }))),
  );
  it.each(allowed)('$action from $state by $actor is planned', ({ state, action, actor }) => {
    const { plan, error } = attempt(state, action, actor);
    expect(error).toBeUndefined();
    expect(plan).toEqual({ action, from: expected[action].from, to: expected[action].to, event: expected[action].event });
  });

  const refused = payinStatuses.flatMap((state) =>
    payinActions
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

  it('covers all 117 pairs: the table above names every state and action of the machine, 9 x 13', () => {
    // The table is written from the docs; the machine may hold no state or action it leaves out.
    expect(new Set(Object.values(expected).flatMap(({ from, to }) => [...from, to]))).toEqual(new Set(payinStatuses));
    expect(new Set(payinMachine.transitions.map((t) => t.action))).toEqual(new Set(Object.keys(expected)));
    expect(new Set([...allowed, ...refused].map(({ state, action }) => `${state}:${action}`)).size).toBe(117);
  });

  const wrongActors = payinStatuses.flatMap((state) =>
    payinActions.flatMap((action) => allActors.filter((a) => !expected[action].actors.includes(a)).map((actor) => ({ state, action, actor }))),
  );
  it.each(wrongActors)('$action by $actor (order $state) is ACTION_NOT_ALLOWED', ({ state, action, actor }) => {
    expect(attempt(state, action, actor).error?.code).toBe('ACTION_NOT_ALLOWED');
  });
});

describe('pay-in guards at their edges', () => {
  it.each(['trader', 'buyer'] as const)('a dispute by the %s needs a reason of 1 to 500 characters after trimming', (actor) => {
    const dispute = (reason: string | null) => attempt('PAYMENT_SUBMITTED', 'dispute', actor, { now, reason });
    expect(dispute('x').plan?.to).toBe('DISPUTED');
    expect(dispute('x'.repeat(500)).plan?.to).toBe('DISPUTED');
    expect(dispute(` ${'x'.repeat(500)} `).plan?.to).toBe('DISPUTED');
    for (const bad of ['x'.repeat(501), '', '   ', null]) {
      const { error } = dispute(bad);
      expect(error?.code).toBe('VALIDATION_FAILED');
      expect(error?.details).toEqual([{ path: 'reason', message: expect.any(String) }]);
    }
  });

  it.each(['PENDING_MATCH', 'PENDING_PAYMENT'] as const)('expire from %s applies exactly at expiresAt, not 1 ms before', (state) => {
    expect(attempt(state, 'expire', 'system', { now, dueAt: now }).plan?.to).toBe('CANCELLED');
    expect(attempt(state, 'expire', 'system', { now: new Date(now.getTime() - 1), dueAt: now }).error?.code).toBe('TRANSITION_NOT_DUE');
    expect(attempt(state, 'expire', 'system', { now, dueAt: null }).error?.code).toBe('TRANSITION_NOT_DUE');
  });

  it('the buyer may cancel before paying without any deadline', () => {
    expect(attempt('PENDING_PAYMENT', 'buyer_cancel', 'buyer', { now }).plan?.to).toBe('CANCELLED');
  });

  it('the merchant may cancel only before the buyer reports payment, without any deadline', () => {
    expect(payinStatuses.filter((state) => actionsFrom(payinMachine, state, 'merchant').includes('merchant_cancel'))).toEqual(['PENDING_MATCH', 'PENDING_PAYMENT']);
    expect(attempt('PENDING_PAYMENT', 'merchant_cancel', 'merchant', { now }).plan?.to).toBe('CANCELLED');
    expect(attempt('PAYMENT_SUBMITTED', 'merchant_cancel', 'merchant', { now }).error?.meta).toEqual({ status: 'PAYMENT_SUBMITTED' });
  });

  it.each(['resolve_complete', 'resolve_fail', 'resolve_split'] as const)('%s needs an operator note of 1 to 1000 characters', (action) => {
    const resolve = (note: string | null) => attempt('DISPUTED', action, 'operator', { now, note });
    expect(resolve('x'.repeat(1000)).plan?.to).toBe(expected[action].to);
    for (const bad of ['x'.repeat(1001), ' ', null]) {
      const { error } = resolve(bad);
      expect(error?.code).toBe('VALIDATION_FAILED');
      expect(error?.details?.[0]?.path).toBe('note');
    }
  });
});
