import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, chainDeposits, chainReorgCases, outboxEvents } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance, traderWithBalance } from '../../tests/fixtures/parties';
import { refusalCode } from '../../tests/trpc/refusal-code';
import { callerAs, signedInOperator, traderSession } from '../../tests/trpc/trpc-harness';
import { balancesOf } from '../ledger/balances';
import { checkLedgerInvariants } from '../ledger';

let database: TestDatabase;
let operator: Awaited<ReturnType<typeof signedInOperator>>;

const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;

async function heldDeposit(options: { ownerType?: 'merchant' | 'trader'; ownerId?: string; heldReason: string; amount?: string; state?: 'HELD' | 'ORPHANED' | 'DETECTED'; detectedAt?: Date }) {
  const [row] = await database.db
    .insert(chainDeposits)
    .values({
      chainKey: 'local-eth',
      txHash: hex(32),
      logIndex: 0,
      token: hex(20),
      address: hex(20),
      ownerType: options.ownerType ?? null,
      ownerId: options.ownerId ?? null,
      baseAmount: '12500000',
      amount: options.amount ?? '12.500000',
      blockNumber: 9n,
      blockHash: hex(32),
      state: options.state ?? 'HELD',
      heldReason: options.state && options.state !== 'HELD' ? null : options.heldReason,
      confirmations: 3,
      ...(options.detectedAt ? { detectedAt: options.detectedAt } : {}),
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  operator = await signedInOperator(database.db);
});
afterAll(async () => {
  await database.close();
});

describe('operator deposits', () => {
  it('credits a held deposit to its address owner once, with its event and an audit entry', async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    const deposit = await heldDeposit({ ownerType: 'merchant', ownerId: merchant.merchantId, heldReason: 'retired_address' });
    const credited = await operator.caller.operator.deposits.resolveHeld({ depositId: deposit.id, decision: 'credit', note: 'customer confirmed by mail' });
    expect(credited).toMatchObject({ state: 'CREDITED', amount: '12.500000' });
    expect((await balancesOf(database.db, 'merchant', merchant.merchantId)).available).toBe('12.500000');
    const events = await database.db.select().from(outboxEvents).where(and(eq(outboxEvents.merchantId, merchant.merchantId), eq(outboxEvents.type, 'wallet.deposit_credited')));
    expect(events).toHaveLength(1);
    const [entry] = await database.db.select().from(auditLog).where(and(eq(auditLog.targetId, deposit.id), eq(auditLog.action, 'wallet.held_deposit_credited')));
    expect(entry).toMatchObject({ actorType: 'operator', actorId: operator.userId });
    expect(entry?.details).toMatchObject({ note: 'customer confirmed by mail', amount: '12.500000' });
    // Resolved once: a second decision is refused and nothing moves.
    expect(await refusalCode(operator.caller.operator.deposits.resolveHeld({ depositId: deposit.id, decision: 'credit', note: 'again' }))).toBe('INVALID_ORDER_STATE');
    expect(await refusalCode(operator.caller.operator.deposits.resolveHeld({ depositId: deposit.id, decision: 'dismiss', note: 'again' }))).toBe('INVALID_ORDER_STATE');
    expect((await balancesOf(database.db, 'merchant', merchant.merchantId)).available).toBe('12.500000');
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('lets exactly one of two operators resolve a held deposit at once', async () => {
    const trader = await traderWithBalance(database.db, '0');
    const other = await signedInOperator(database.db);
    const deposit = await heldDeposit({ ownerType: 'trader', ownerId: trader.traderId, heldReason: 'below_minimum', amount: '0.500000' });
    const results = await Promise.allSettled([
      operator.caller.operator.deposits.resolveHeld({ depositId: deposit.id, decision: 'credit', note: 'small but real' }),
      other.caller.operator.deposits.resolveHeld({ depositId: deposit.id, decision: 'credit', note: 'small but real' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await balancesOf(database.db, 'trader', trader.traderId)).available).toBe('0.500000');
  });

  it('needs an owner for a deposit to an unknown address, credits the named one, and dismisses without money', async () => {
    const unknown = await heldDeposit({ heldReason: 'unknown_address' });
    expect(await refusalCode(operator.caller.operator.deposits.resolveHeld({ depositId: unknown.id, decision: 'credit', note: 'whose?' }))).toBe('VALIDATION_FAILED');
    expect(
      await refusalCode(operator.caller.operator.deposits.resolveHeld({ depositId: unknown.id, decision: 'credit', owner: { type: 'merchant', id: unknown.id }, note: 'no such' })),
    ).toBe('ACCOUNT_NOT_FOUND');
    expect(await refusalCode(operator.caller.operator.deposits.resolveHeld({ depositId: unknown.id, decision: 'credit', note: '  ' }))).toBe('BAD_REQUEST');
    const merchant = await merchantWithBalance(database.db, '0');
    const credited = await operator.caller.operator.deposits.resolveHeld({ depositId: unknown.id, decision: 'credit', owner: { type: 'merchant', id: merchant.merchantId }, note: 'sent to an old invoice address' });
    expect(credited.state).toBe('CREDITED');
    expect((await balancesOf(database.db, 'merchant', merchant.merchantId)).available).toBe('12.500000');

    const dismissed = await heldDeposit({ heldReason: 'unknown_address' });
    expect((await operator.caller.operator.deposits.resolveHeld({ depositId: dismissed.id, decision: 'dismiss', note: 'spam token' })).state).toBe('DISMISSED');
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.targetId, dismissed.id));
    expect(entry).toMatchObject({ action: 'wallet.held_deposit_dismissed', actorId: operator.userId });
  });

  it('finds deposits by tx hash, address, owner and filter', async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    const held = await heldDeposit({ ownerType: 'merchant', ownerId: merchant.merchantId, heldReason: 'below_minimum' });
    const orphaned = await heldDeposit({ ownerType: 'merchant', ownerId: merchant.merchantId, heldReason: '', state: 'ORPHANED' });
    const late = await heldDeposit({ heldReason: '', state: 'DETECTED', detectedAt: new Date(Date.now() - 3_600_000) });
    const fresh = await heldDeposit({ heldReason: '', state: 'DETECTED' });
    const list = operator.caller.operator.deposits.list;
    expect((await list({ q: held.txHash.toUpperCase().replace('0X', '0x') })).items.map((d) => d.id)).toEqual([held.id]);
    expect((await list({ q: orphaned.address })).items.map((d) => d.id)).toEqual([orphaned.id]);
    expect((await list({ q: merchant.merchantId })).items.map((d) => d.id).sort()).toEqual([held.id, orphaned.id].sort());
    const [named] = (await list({ q: held.txHash })).items;
    expect(named?.ownerName).toMatch(/^Merchant /);
    expect((await list({ filter: 'orphaned' })).items.map((d) => d.id)).toContain(orphaned.id);
    expect((await list({ filter: 'held' })).items.every((d) => d.state === 'HELD')).toBe(true);
    const lateIds = (await list({ filter: 'late' })).items.map((d) => d.id);
    expect(lateIds).toContain(late.id);
    expect(lateIds).not.toContain(fresh.id);
    expect((await list({ q: 'no such thing' })).items).toEqual([]);
    expect(await refusalCode(list({ q: 'a\u0000b' }))).toBe('VALIDATION_FAILED');
  });

  it('resolves a reorg case once, audited, and keeps deposits from anyone but operators', async () => {
    const merchant = await merchantWithBalance(database.db, '0');
    const deposit = await heldDeposit({ ownerType: 'merchant', ownerId: merchant.merchantId, heldReason: '', state: 'DETECTED' });
    const [reorgCase] = await database.db
      .insert(chainReorgCases)
      .values({ depositId: deposit.id, chainKey: 'local-eth', txHash: deposit.txHash, blockNumber: 9n, creditedBlockHash: deposit.blockHash, currentBlockHash: hex(32), ownerType: 'merchant', ownerId: merchant.merchantId, amount: '12.500000' })
      .returning();
    expect((await operator.caller.operator.deposits.reorgCases({})).map((c) => c.id)).toContain(reorgCase!.id);
    await operator.caller.operator.deposits.resolveReorg({ caseId: reorgCase!.id, outcome: 'remined', note: 'mined again in block 11' });
    expect((await operator.caller.operator.deposits.reorgCases({})).map((c) => c.id)).not.toContain(reorgCase!.id);
    expect(await refusalCode(operator.caller.operator.deposits.resolveReorg({ caseId: reorgCase!.id, outcome: 'remined', note: 'again' }))).toBe('INVALID_ORDER_STATE');
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'wallet.reorg_case_resolved'));
    expect(entry?.details).toMatchObject({ outcome: 'remined', note: 'mined again in block 11' });

    const trader = await traderWithBalance(database.db, '0');
    const asTrader = callerAs(database.db, traderSession(trader));
    expect(await refusalCode(asTrader.operator.deposits.list({}))).toBe('FORBIDDEN');
    expect(await refusalCode(asTrader.operator.deposits.resolveHeld({ depositId: deposit.id, decision: 'dismiss', note: 'x' }))).toBe('FORBIDDEN');
  });
});
