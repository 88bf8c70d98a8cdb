import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, controlChanges, platformSettings } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { signedInOperator } from '../../tests/trpc/trpc-harness';
import { HOT_WALLET_SETTINGS_KEY, hotWalletSettings } from '../chain-sends/hot-wallet-settings';
import { FOUR_EYES_THRESHOLD_KEY } from '../disputes/four-eyes-threshold';
import { isDomainError } from '../errors';
import { DEFAULT_ROUTING_SETTINGS, ROUTING_SETTINGS_KEY, routingSettings } from '../routing/routing-settings';
import { proposeControlChange } from './propose-control-change';
import { setControlFromCli } from './set-control-from-cli';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
// Each test starts from the default threshold and no change pending.
beforeEach(async () => {
  await database.db.delete(controlChanges);
  await database.db.delete(platformSettings).where(eq(platformSettings.key, FOUR_EYES_THRESHOLD_KEY));
});

const change = (amount: string, reason = 'Large disputes doubled this month.') => ({ control: FOUR_EYES_THRESHOLD_KEY, value: { amount }, reason }) as const;

async function threshold(operator: Awaited<ReturnType<typeof signedInOperator>>) {
  return (await operator.caller.operator.disputes.fourEyesThreshold.get({})).amount;
}

async function auditOf(changeId: string) {
  const rows = await database.db.select().from(auditLog).where(eq(auditLog.targetType, 'control'));
  return rows.filter((row) => row.details?.changeId === changeId).map((row) => [row.action, row.actorId]);
}

describe('control changes', () => {
  it('one operator proposes with a reason, another approves: the value applies then, both steps audited', async () => {
    const db = database.db;
    const proposer = await signedInOperator(db);
    const approver = await signedInOperator(db);

    const proposed = await proposer.caller.operator.controls.propose(change('2500.00'));
    expect(proposed).toMatchObject({ status: 'pending', from: '1000.00', to: '2500.00' });
    expect(await threshold(proposer)).toBe('1000.00');

    // Everyone sees it pending, with who proposed it and why.
    const listed = await approver.caller.operator.controls.list({});
    expect(listed.controls).toEqual([
      { control: FOUR_EYES_THRESHOLD_KEY, value: '1000.00', setAt: null },
      { control: 'routing', value: expect.stringMatching(/^price; no pause; cooldown 0 s; weights price 30/), setAt: null },
      { control: HOT_WALLET_SETTINGS_KEY, value: 'sweep at 100 USDT; targets: none; cold: none', setAt: null },
    ]);
    expect(listed.pending).toEqual([
      expect.objectContaining({ id: proposed.changeId, from: '1000.00', to: '2500.00', reason: 'Large disputes doubled this month.', proposedBy: { id: proposer.userId, name: expect.any(String) }, status: 'pending' }),
    ]);

    expect(await approver.caller.operator.controls.decide({ changeId: proposed.changeId, decision: 'approve' })).toMatchObject({ status: 'approved', value: '2500.00' });
    expect(await threshold(proposer)).toBe('2500.00');
    const after = await proposer.caller.operator.controls.list({});
    expect(after.pending).toEqual([]);
    expect(after.recent[0]).toMatchObject({ id: proposed.changeId, status: 'approved', decidedBy: { id: approver.userId } });
    expect(await auditOf(proposed.changeId)).toEqual([
      ['control_change.propose', proposer.userId],
      ['control_change.approve', approver.userId],
    ]);
  });

  it('the proposer cannot approve or reject their own change, only withdraw it; nobody else withdraws it', async () => {
    const db = database.db;
    const proposer = await signedInOperator(db);
    const other = await signedInOperator(db);
    const { changeId } = await proposer.caller.operator.controls.propose(change('5000.00'));

    expect(await refusalCode(proposer.caller.operator.controls.decide({ changeId, decision: 'approve' }))).toBe('SELF_APPROVAL_FORBIDDEN');
    expect(await refusalCode(proposer.caller.operator.controls.decide({ changeId, decision: 'reject', reason: 'Mine.' }))).toBe('SELF_APPROVAL_FORBIDDEN');
    expect(await refusalCode(other.caller.operator.controls.decide({ changeId, decision: 'withdraw' }))).toBe('ACTION_NOT_ALLOWED');
    expect(await threshold(proposer)).toBe('1000.00');

    expect(await proposer.caller.operator.controls.decide({ changeId, decision: 'withdraw' })).toMatchObject({ status: 'withdrawn', value: '1000.00' });
    expect(await refusalCode(other.caller.operator.controls.decide({ changeId, decision: 'approve' }))).toBe('PROPOSAL_NOT_PENDING');
    expect(await threshold(proposer)).toBe('1000.00');
  });

  it('a rejection needs a reason and keeps it; the value stays', async () => {
    const db = database.db;
    const proposer = await signedInOperator(db);
    const other = await signedInOperator(db);
    const { changeId } = await proposer.caller.operator.controls.propose(change('9000.00'));
    expect(await refusalCode(other.caller.operator.controls.decide({ changeId, decision: 'reject', reason: ' ' }))).toBe('BAD_REQUEST');
    await other.caller.operator.controls.decide({ changeId, decision: 'reject', reason: 'Too high for our risk appetite.' });
    expect(await threshold(proposer)).toBe('1000.00');
    const [row] = await db.select().from(controlChanges).where(eq(controlChanges.id, changeId));
    expect(row).toMatchObject({ status: 'rejected', decidedBy: other.userId, decisionReason: 'Too high for our risk appetite.' });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'control_change.reject'), eq(auditLog.actorId, other.userId)));
    expect(audit?.details).toMatchObject({ changeId, rejectionReason: 'Too high for our risk appetite.', proposedBy: proposer.userId });
  });

  it('one pending change per control, also when two are proposed at once; the value in effect is not a change', async () => {
    const db = database.db;
    const first = await signedInOperator(db);
    const second = await signedInOperator(db);
    expect(await refusalCode(first.caller.operator.controls.propose(change('1000.00')))).toBe('VALIDATION_FAILED');

    const results = await Promise.allSettled([
      proposeControlChange(db, { change: change('2000.00'), operator: { id: first.userId } }),
      proposeControlChange(db, { change: change('3000.00'), operator: { id: second.userId } }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(isDomainError(refused?.reason, 'CONTROL_CHANGE_PENDING')).toBe(true);
    expect(await db.select().from(controlChanges).where(eq(controlChanges.status, 'pending'))).toHaveLength(1);
    expect(await refusalCode(second.caller.operator.controls.propose(change('4000.00')))).toBe('CONTROL_CHANGE_PENDING');
  });

  it('two operators deciding at once: exactly one decision applies', async () => {
    const db = database.db;
    const proposer = await signedInOperator(db);
    const second = await signedInOperator(db);
    const third = await signedInOperator(db);
    const { changeId } = await proposer.caller.operator.controls.propose(change('1500.00'));

    const decisions = await Promise.allSettled([
      second.caller.operator.controls.decide({ changeId, decision: 'approve' }),
      third.caller.operator.controls.decide({ changeId, decision: 'reject', reason: 'Not now.' }),
      third.caller.operator.controls.decide({ changeId, decision: 'approve' }),
      proposer.caller.operator.controls.decide({ changeId, decision: 'withdraw' }),
    ]);
    expect(decisions.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const codes = decisions.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { cause?: { code?: string } }).cause?.code] : []));
    expect(codes).toEqual(['PROPOSAL_NOT_PENDING', 'PROPOSAL_NOT_PENDING', 'PROPOSAL_NOT_PENDING']);
    const [row] = await db.select().from(controlChanges).where(eq(controlChanges.id, changeId));
    expect(await threshold(proposer)).toBe(row!.status === 'approved' ? '1500.00' : '1000.00');
    expect((await auditOf(changeId)).filter(([action]) => action !== 'control_change.propose')).toHaveLength(1);
  });

  it('the command line sets a control at once, only with a reason, audited as cli with it', async () => {
    const db = database.db;
    const operator = await signedInOperator(db);
    const refused = await setControlFromCli(db, { change: { control: FOUR_EYES_THRESHOLD_KEY, value: { amount: '3000.00' } } as never }).catch((error: unknown) => error);
    expect(isDomainError(refused, 'VALIDATION_FAILED') && refused.details?.map((detail) => detail.path)).toEqual(['reason']);
    expect(await threshold(operator)).toBe('1000.00');

    expect(await setControlFromCli(db, { change: change('3000.00', 'Agreed at the risk review.') })).toMatchObject({ value: '3000.00' });
    expect(await threshold(operator)).toBe('3000.00');
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'four_eyes_threshold.set'), eq(auditLog.actorType, 'cli')));
    expect(audit).toMatchObject({ actorId: null, details: { from: '1000.00', to: '3000.00', reason: 'Agreed at the risk review.' } });
  });

  it("the hot wallets' cold address and targets change only with a second operator; a cold address must be a real address", async () => {
    const db = database.db;
    const proposer = await signedInOperator(db);
    const approver = await signedInOperator(db);
    const current = await hotWalletSettings(db);
    const wanted = { ...current, targets: { ethereum: '50000' }, coldAddresses: { ethereum: '0x52908400098527886E0F7030069857D2E4169EE7' } };

    for (const cold of ['0x52908400098527886e0F7030069857D2E4169EE7', 'TNotAnAddress', 'x'.repeat(40)]) {
      const refused = await proposeControlChange(db, {
        change: { control: HOT_WALLET_SETTINGS_KEY, value: { ...wanted, coldAddresses: { ethereum: cold } }, reason: 'New cold wallet.' },
        operator: { id: proposer.userId },
      }).catch((error: unknown) => error);
      expect(isDomainError(refused, 'VALIDATION_FAILED') && refused.details?.map((detail) => detail.path), cold).toEqual(['value.coldAddresses.ethereum']);
    }
    const proposed = await proposer.caller.operator.controls.propose({ control: HOT_WALLET_SETTINGS_KEY, value: wanted, reason: 'New cold wallet from the treasury.' });
    expect(proposed).toMatchObject({ status: 'pending', to: 'sweep at 100 USDT; targets: ethereum 50000; cold: ethereum 0x52908400098527886E0F7030069857D2E4169EE7' });
    expect((await hotWalletSettings(db)).coldAddresses).toEqual({});
    await approver.caller.operator.controls.decide({ changeId: proposed.changeId, decision: 'approve' });
    expect(await hotWalletSettings(db)).toMatchObject({ targets: { ethereum: '50000' }, coldAddresses: { ethereum: '0x52908400098527886E0F7030069857D2E4169EE7' } });
    await db.delete(platformSettings).where(eq(platformSettings.key, HOT_WALLET_SETTINGS_KEY));
  });

  it('the reputation weight and the new-trader gate change with the routing control, only with a second operator; a gate cap of 0 is refused', async () => {
    const db = database.db;
    const proposer = await signedInOperator(db);
    const approver = await signedInOperator(db);
    const newTrader = { enabled: true, minCompletedOrders: 20, minDays: 7, dailyOrders: 20, maxOrderFiat: '2000.00' };
    const wanted = { ...DEFAULT_ROUTING_SETTINGS, weights: { ...DEFAULT_ROUTING_SETTINGS.weights, reputation: 25 }, newTrader };

    const refused = await proposeControlChange(db, {
      change: { control: ROUTING_SETTINGS_KEY, value: { ...wanted, newTrader: { ...newTrader, maxOrderFiat: '0.00' } }, reason: 'Gate new traders.' },
      operator: { id: proposer.userId },
    }).catch((error: unknown) => error);
    expect(isDomainError(refused, 'VALIDATION_FAILED') && refused.details?.map((detail) => detail.path)).toEqual(['value.newTrader.maxOrderFiat']);

    const proposed = await proposer.caller.operator.controls.propose({ control: ROUTING_SETTINGS_KEY, value: wanted, reason: 'Gate new traders.' });
    expect(proposed.to).toContain('reputation 25');
    expect(proposed.to).toContain('new traders up to 20 orders/day and 2000.00 CNY/order until 20 orders and 7 days');
    expect((await routingSettings(db)).value.newTrader.enabled).toBe(false);
    await approver.caller.operator.controls.decide({ changeId: proposed.changeId, decision: 'approve' });
    expect((await routingSettings(db)).value).toMatchObject({ weights: { reputation: 25 }, newTrader });
    await db.delete(platformSettings).where(eq(platformSettings.key, ROUTING_SETTINGS_KEY));
  });
});
