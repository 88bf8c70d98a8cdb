import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { cliActor } from '../audit';
import { adjustBalance } from './adjust-balance';
import { csvText } from './csv-text';
import { streamStatementCsv } from './stream-statement-csv';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('csvText', () => {
  it('quotes what needs quoting and makes a formula inert', () => {
    expect(csvText('W-10001')).toBe('W-10001');
    expect(csvText('')).toBe('');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('=1+1')).toBe("'=1+1");
    expect(csvText('+1')).toBe("'+1");
    expect(csvText('-1')).toBe("'-1");
    expect(csvText('@A1')).toBe("'@A1");
    expect(csvText('\tx')).toBe("'\tx");
    expect(csvText('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvText('a=b')).toBe('a=b');
  });
});

describe('streamStatementCsv', () => {
  it('a database failure in the middle errors the stream: no shorter file that looks complete', async () => {
    // Its own database, closed half-way through the download.
    const own = await createTestDatabase();
    const { merchantId } = await merchantWithBalance(own.db, '1.00');
    for (let index = 0; index < 4; index += 1) {
      await adjustBalance(own.db, { owner: { type: 'merchant', id: merchantId }, direction: 'credit', amount: '1', memo: 'row' }, cliActor);
    }
    const reader = (await streamStatementCsv(own.db, { merchantId, filters: {}, batchSize: 1 })).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^id,created_at,.*\r\n\d+,.*,operator_credit,1\.000000,0\.000000,1\.000000,,,\r\n$/);
    await own.close();
    let failed = false;
    try {
      for (;;) {
        const { done } = await reader.read();
        if (done) break;
      }
    } catch {
      failed = true;
    }
    expect(failed).toBe(true);
  });

  it('stops reading when the client goes away', async () => {
    const { merchantId } = await merchantWithBalance(database.db, '1.00');
    const stream = await streamStatementCsv(database.db, { merchantId, filters: {}, batchSize: 1 });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    expect(await reader.closed).toBeUndefined();
  });
});
