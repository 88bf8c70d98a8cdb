import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'corridor-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs the CLI as an operator would, on its own embedded database. Each call is a process that
 * loads the code and opens (the first one migrates) the database: the tests' time limits are for a
 * machine busy with the rest of the suite, not a measure of the CLI.
 */
async function corridor(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/corridor.ts', ...args], {
      cwd: process.cwd(),
      env: { ...process.env, PGLITE_DIR: path.join(dir, 'pglite'), DATABASE_URL: '', NODE_ENV: 'development' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('operator CLI', () => {
  it('creates a merchant, credits it, and the ledger checks out', async () => {
    const created = await corridor('merchant', 'create', '--name', 'Acme Ltd', '--payout-fee-bps', '30', '--json');
    expect(created.code).toBe(0);
    const merchant = JSON.parse(created.stdout) as { merchantId: string; apiKey: { keyId: string; secret: string } };
    expect(merchant.apiKey.keyId).toMatch(/^mk_/);
    expect(merchant.apiKey.secret).toMatch(/^sk_/);

    const credited = await corridor('balance', 'credit', '--merchant', merchant.merchantId, '--amount', '250.5', '--memo', 'wire 42', '--json');
    expect(credited.code).toBe(0);
    expect(JSON.parse(credited.stdout)).toMatchObject({ applied: true, balances: { available: '250.500000', frozen: '0.000000' } });

    const overdrawn = await corridor('balance', 'debit', '--merchant', merchant.merchantId, '--amount', '300', '--memo', 'too much');
    expect(overdrawn.code).toBe(1);
    expect(overdrawn.stderr).toContain('INSUFFICIENT_BALANCE');

    const check = await corridor('ledger', 'check', '--json');
    expect(check.code).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ ok: true, totals: [{ currency: 'USDT', sum: '0.000000' }] });
  }, 180_000);

  it('explains bad input with a code and the field, and changes nothing', async () => {
    const bad = await corridor('merchant', 'create', '--name', 'Bad Fees', '--payout-fee-bps', '10001', '--json');
    expect(bad.code).toBe(1);
    const body = JSON.parse(bad.stdout) as { error: { code: string; details: { path: string }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d) => d.path)).toContain('payoutFeeBps');

    const missing = await corridor('trader', 'create', '--name', 'T');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--email is required');
  }, 180_000);

  it('shows and sets the four-eyes threshold, only with a reason; a bad amount is refused with its field', async () => {
    expect(JSON.parse((await corridor('dispute', 'four-eyes-threshold', '--json')).stdout)).toMatchObject({ amount: '1000.00' });
    const unexplained = await corridor('dispute', 'four-eyes-threshold', '--amount', '2500.00');
    expect(unexplained.code).toBe(1);
    expect(unexplained.stderr).toContain('--reason is required');
    const set = await corridor('dispute', 'four-eyes-threshold', '--amount', '2500.00', '--reason', 'Large disputes doubled; agreed at the ops review.');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('Rulings on orders above 2500.00 USDT need a second operator.');
    const bad = await corridor('dispute', 'four-eyes-threshold', '--amount', '25', '--reason', 'Typo.', '--json');
    expect(bad.code).toBe(1);
    expect((JSON.parse(bad.stdout) as { error: { details: { path: string }[] } }).error.details.map((d) => d.path)).toContain('value.amount');
    expect(JSON.parse((await corridor('dispute', 'four-eyes-threshold', '--json')).stdout)).toMatchObject({ amount: '2500.00' });
  }, 180_000);

  it('reconciles a day that has ended, and refuses one that is not a date', async () => {
    const day = await corridor('reconcile', '--date', '2026-01-15', '--json');
    expect(day.code).toBe(0);
    // The run's log line comes first on standard output; the JSON answer is the last thing printed.
    const run = JSON.parse(day.stdout.slice(day.stdout.indexOf('{\n'))) as { businessDate: string; counts: Record<string, Record<string, number>> };
    expect(run.businessDate).toBe('2026-01-15');
    expect(run.counts.ledger_self).toEqual({ MATCHED: 1, MISMATCHED: 0, EXPECTED: 0 });
    const bad = await corridor('reconcile', '--date', '2026-13-01', '--json');
    expect(bad.code).toBe(1);
    expect((JSON.parse(bad.stdout) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  }, 180_000);

  it('prints help, and generates encryption keys without a database', async () => {
    const help = await corridor('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('merchant create');
    expect(help.stdout).toContain('ledger check');
    expect(help.stdout).toContain('reconcile [--date YYYY-MM-DD]');
    const keys = await corridor('keys', 'generate');
    expect(keys.code).toBe(0);
    for (const purpose of ['card', 'card-fingerprint', 'api-secret', 'webhook-secret', 'totp']) {
      expect(keys.stdout).toContain(`${purpose}:`);
    }
  }, 180_000);
});
