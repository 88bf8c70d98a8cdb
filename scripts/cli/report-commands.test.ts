import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDomainError } from '../../server/errors';
import { Dec } from '../../server/money/decimal';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { commands } from './commands';

let database: TestDatabase;
let merchantId: string;
const dir = mkdtempSync(join(tmpdir(), 'corridor-reports-cli-'));
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (await merchantWithBalance(database.db, '12.34')).merchantId;
});
afterAll(async () => {
  await database.close();
});

describe('npm run corridor -- reports ...', () => {
  it('writes the journal of a range of days, its postings summing to zero', async () => {
    const out = join(dir, 'journal.csv');
    await commands['reports journal']!.run(database.db, { from: today, to: today, out });
    const lines = readFileSync(out, 'utf8').split('\r\n').slice(1, -1);
    const mine = lines.filter((line) => line.includes(`merchant:${merchantId}:available`));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.split(',')[8]).toBe('12.340000');
    expect(lines.reduce((sum, line) => sum.plus(line.split(',')[8]!), new Dec(0)).isZero()).toBe(true);
  });

  it("writes a merchant's signed settlement report for a day", async () => {
    const out = join(dir, 'settlements.csv');
    await commands['reports settlements']!.run(database.db, { merchant: merchantId, date: today, out });
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('#closing_balance,12.340000\r\n');
    expect(text).toMatch(/\r\n#signature,Ed25519,[^,]+,[A-Za-z0-9+/=]+\r\n$/);
  });

  it('refuses a day that is not one', async () => {
    const refused = await commands['reports journal']!.run(database.db, { from: '2026-02-30', to: today }).catch((error: unknown) => error);
    expect(isDomainError(refused) && refused.code).toBe('VALIDATION_FAILED');
  });
});
