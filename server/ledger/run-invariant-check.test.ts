import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { setLogLevel, setLogSink } from '../logging/log';
import { accountIds, move, openMerchantAccounts } from './index';
import { lastLedgerCheck, runFullLedgerCheck, runIncrementalLedgerCheck } from './run-invariant-check';

/** Runs "two minutes from now", so every posting so far is past the settle window. */
const later = () => new Date(Date.now() + 120_000);

describe.each(['postgres', 'pglite'] as const)('the scheduled ledger check (%s)', (kind) => {
  let database: TestDatabase;
  let lines: string[] = [];
  let restore: () => void;

  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind: 'pglite' } : {});
    setLogLevel('error');
    restore = setLogSink((line) => lines.push(line));
  });
  afterEach(() => {
    lines = [];
  });
  afterAll(async () => {
    restore();
    setLogLevel(undefined);
    await database.close();
  });

  async function deposit(amount: string): Promise<string> {
    const merchantId = randomUUID();
    await database.db.transaction(async (tx) => {
      await openMerchantAccounts(tx, merchantId);
      await move(tx, { id: `deposit:${merchantId}`, kind: 'deposit', from: accountIds.external, to: [{ accountId: accountIds.merchantAvailable(merchantId), amount }] });
    });
    return merchantId;
  }

  it('checks only what is new since its last run, and records each run', async () => {
    await deposit('10');
    await deposit('20');
    const first = await runIncrementalLedgerCheck(database.db, later());
    expect(first).toMatchObject({ kind: 'incremental', ok: true, transfersChecked: 2 });
    const second = await runIncrementalLedgerCheck(database.db, later());
    expect(second).toMatchObject({ ok: true, transfersChecked: 0, checkedThroughPostingId: first!.checkedThroughPostingId });
    await deposit('5');
    expect(await runIncrementalLedgerCheck(database.db, later())).toMatchObject({ ok: true, transfersChecked: 1 });
    expect((await lastLedgerCheck(database.db, 'incremental'))?.id).toBeGreaterThan(second!.id);
  });

  it('leaves postings younger than the settle window to the next run', async () => {
    await runIncrementalLedgerCheck(database.db, later());
    await deposit('7');
    expect(await runIncrementalLedgerCheck(database.db, new Date())).toMatchObject({ transfersChecked: 0 });
    expect(await runIncrementalLedgerCheck(database.db, later())).toMatchObject({ transfersChecked: 1 });
  });

  it('is loud about a balance that no longer matches its postings', async () => {
    const merchantId = await deposit('50');
    await runIncrementalLedgerCheck(database.db, later());
    // A change made behind the ledger's back, as a bad manual fix or a bug would.
    await database.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${accountIds.merchantAvailable(merchantId)}`);
    await database.db.transaction((tx) =>
      move(tx, { id: `freeze:${randomUUID()}`, kind: 'payout.freeze', from: accountIds.merchantAvailable(merchantId), to: [{ accountId: accountIds.merchantFrozen(merchantId), amount: '1' }] }),
    );
    const broken = await runIncrementalLedgerCheck(database.db, later());
    expect(broken?.ok).toBe(false);
    expect(Object.keys(broken!.problems).sort()).toEqual(['balanceMismatches', 'nonZeroTotals']);
    expect(lines.join('\n')).toContain('LEDGER INVARIANT BROKEN');
    const full = await runFullLedgerCheck(database.db);
    expect(full.check).toMatchObject({ kind: 'full', ok: false });
    await database.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${accountIds.merchantAvailable(merchantId)}`);
    expect((await runFullLedgerCheck(database.db)).check.ok).toBe(true);
  });

  it.runIf(kind === 'postgres' && Boolean(process.env.TEST_DATABASE_URL))('runs on one node at a time', async () => {
    // Another node is mid-check: it holds the checker's lock in its transaction.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727270002)`);
      expect(await runIncrementalLedgerCheck(database.db, later())).toBeNull();
    });
    expect(await runIncrementalLedgerCheck(database.db, later())).not.toBeNull();
  });
});
