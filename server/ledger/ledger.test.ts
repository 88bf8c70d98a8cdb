import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { isDomainError } from '../errors';
import { accountIds, balanceOf, checkLedgerInvariants, move, openMerchantAccounts, postTransfer } from './index';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ maxConnections: 20 });
});
afterAll(async () => {
  await database.close();
});

async function fundedMerchant(amount: string): Promise<string> {
  const merchantId = randomUUID();
  await database.db.transaction(async (tx) => {
    await openMerchantAccounts(tx, merchantId);
    await move(tx, {
      id: `deposit:${merchantId}`,
      kind: 'deposit',
      from: accountIds.external,
      to: [{ accountId: accountIds.merchantAvailable(merchantId), amount }],
    });
  });
  return merchantId;
}

function freeze(merchantId: string, transferId: string, amount: string) {
  return database.db.transaction((tx) =>
    move(tx, {
      id: transferId,
      kind: 'payout.freeze',
      from: accountIds.merchantAvailable(merchantId),
      to: [{ accountId: accountIds.merchantFrozen(merchantId), amount }],
    }),
  );
}

describe('ledger transfers', () => {
  it('moves value and keeps every invariant', async () => {
    const merchantId = await fundedMerchant('100.00');
    await freeze(merchantId, `t:${randomUUID()}`, '30.5');
    expect(await balanceOf(database.db, accountIds.merchantAvailable(merchantId))).toBe('69.500000');
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchantId))).toBe('30.500000');
    const report = await checkLedgerInvariants(database.db);
    expect(report.ok).toBe(true);
    expect(report.totals).toEqual([{ currency: 'USDT', sum: '0.000000' }]);
  });

  it('is idempotent by transfer id', async () => {
    const merchantId = await fundedMerchant('10.00');
    const id = `t:${randomUUID()}`;
    expect(await freeze(merchantId, id, '4.00')).toEqual({ applied: true });
    expect(await freeze(merchantId, id, '4.00')).toEqual({ applied: false });
    expect(await balanceOf(database.db, accountIds.merchantAvailable(merchantId))).toBe('6.000000');
    await expect(freeze(merchantId, id, '5.00')).rejects.toThrow(/different postings/);
  });

  it('refuses to take a non-system balance below zero and changes nothing', async () => {
    const merchantId = await fundedMerchant('1.00');
    const error = await freeze(merchantId, `t:${randomUUID()}`, '1.000001').catch((e: unknown) => e);
    expect(isDomainError(error, 'INSUFFICIENT_BALANCE')).toBe(true);
    expect(await balanceOf(database.db, accountIds.merchantAvailable(merchantId))).toBe('1.000000');
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchantId))).toBe('0.000000');
  });

  it('lets the external account go negative (it is the outside world)', async () => {
    await fundedMerchant('5.00');
    const external = await balanceOf(database.db, accountIds.external);
    expect(external.startsWith('-')).toBe(true);
  });

  it('refuses unbalanced, zero, over-precise and one-legged transfers', async () => {
    const merchantId = await fundedMerchant('5.00');
    const available = accountIds.merchantAvailable(merchantId);
    const frozen = accountIds.merchantFrozen(merchantId);
    const attempt = (postings: { accountId: string; amount: string }[]) =>
      database.db.transaction((tx) => postTransfer(tx, { id: `t:${randomUUID()}`, kind: 'test', postings }));
    await expect(attempt([{ accountId: available, amount: '-1' }, { accountId: frozen, amount: '0.99' }])).rejects.toThrow(/sum/);
    await expect(attempt([{ accountId: available, amount: '0' }, { accountId: frozen, amount: '0' }])).rejects.toThrow(/zero/);
    await expect(attempt([{ accountId: available, amount: '-0.0000001' }, { accountId: frozen, amount: '0.0000001' }])).rejects.toThrow(/decimals/);
    await expect(attempt([{ accountId: available, amount: '1' }])).rejects.toThrow(/two postings/);
    expect(await balanceOf(database.db, available)).toBe('5.000000');
  });

  it('reports an unknown account', async () => {
    const error = await freeze(randomUUID(), `t:${randomUUID()}`, '1').catch((e: unknown) => e);
    expect(isDomainError(error, 'ACCOUNT_NOT_FOUND')).toBe(true);
  });

  it('the database itself refuses a negative balance (CHECK constraint)', async () => {
    const merchantId = await fundedMerchant('1.00');
    await expect(
      database.db.execute(
        sql`update ledger_accounts set balance = -1 where id = ${accountIds.merchantAvailable(merchantId)}`,
      ),
    ).rejects.toThrow();
  });

  it('the invariant checker notices a balance that does not match its postings', async () => {
    const merchantId = await fundedMerchant('2.00');
    const id = accountIds.merchantAvailable(merchantId);
    await database.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${id}`);
    const report = await checkLedgerInvariants(database.db);
    expect(report.ok).toBe(false);
    expect(report.balanceMismatches).toContainEqual({ accountId: id, balance: '3.000000', postings: '2.000000' });
    await database.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${id}`);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });
});

describe('the post_transfer function (db/migrations), on both databases', () => {
  for (const kind of ['default', 'pglite'] as const) {
    it(`${kind}: one statement posts, replays, refuses an overdraft naming the account, and refuses unbalanced legs itself`, async () => {
      const local = kind === 'pglite' ? await createTestDatabase({ kind: 'pglite' }) : database;
      try {
        const merchantId = randomUUID();
        const available = accountIds.merchantAvailable(merchantId);
        const frozen = accountIds.merchantFrozen(merchantId);
        await local.db.transaction(async (tx) => {
          await openMerchantAccounts(tx, merchantId);
          await move(tx, { id: `deposit:${merchantId}`, kind: 'deposit', from: accountIds.external, to: [{ accountId: available, amount: '3.00' }] });
        });
        const transfer = (id: string, amount: string) =>
          local.db.transaction((tx) => move(tx, { id, kind: 'payout.freeze', from: available, to: [{ accountId: frozen, amount }] }));

        expect(await transfer('t:once', '2.00')).toEqual({ applied: true });
        expect(await transfer('t:once', '2.00')).toEqual({ applied: false });
        const overdraft = await transfer('t:too-much', '1.000001').catch((e: unknown) => e);
        expect(isDomainError(overdraft, 'INSUFFICIENT_BALANCE')).toBe(true);
        expect((overdraft as { meta?: { accountId?: string } }).meta?.accountId).toBe(available);
        // Called directly, bypassing the TypeScript checks, the database still refuses an unbalanced transfer.
        await expect(
          local.db.execute(sql`select post_transfer('t:unbalanced', 'test', null, null, array[${available}, ${frozen}]::text[], array[-1, 2]::numeric[])`),
        ).rejects.toThrow();
        expect(await balanceOf(local.db, available)).toBe('1.000000');
        expect(await balanceOf(local.db, frozen)).toBe('2.000000');
        expect((await checkLedgerInvariants(local.db)).ok).toBe(true);
      } finally {
        if (local !== database) await local.close();
      }
    });
  }
});

describe('ledger under concurrency', () => {
  it('200 parallel freezes of 1.00 against 100.00: exactly 100 succeed', async () => {
    const merchantId = await fundedMerchant('100.00');
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => freeze(merchantId, `freeze:${merchantId}:${i}`, '1.00')),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected' && isDomainError(r.reason, 'INSUFFICIENT_BALANCE')).length;
    expect({ succeeded, refused }).toEqual({ succeeded: 100, refused: 100 });
    expect(await balanceOf(database.db, accountIds.merchantAvailable(merchantId))).toBe('0.000000');
    expect(await balanceOf(database.db, accountIds.merchantFrozen(merchantId))).toBe('100.000000');
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });
});
