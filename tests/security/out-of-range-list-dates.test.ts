import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDatabase, apiMerchant, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { refusalCode } from '../trpc/refusal-code';
import { signedInOperator } from '../trpc/trpc-harness';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
});
afterAll(async () => {
  await database.close();
});

type ErrorBody = { error: { code: string; details?: { path: string }[] } };

describe('a merchant probes the list endpoints with dates the database cannot store, looking for 500s and their error paths; Corridor answers 400 VALIDATION_FAILED', () => {
  for (const [path, list] of [
    ['/api/v1/withdrawals', (query: Record<string, string>) => merchant.client.listPayouts(query)],
    ['/api/v1/orders', (query: Record<string, string>) => merchant.client.listPayins(query)],
  ] as const) {
    it(`${path}: year 0000, 1969 and a timestamp past 9999 are refused by name`, async () => {
      const queries: Record<string, string>[] = [{ from: '0000-01-01' }, { to: '0000-01-01T00:00:00Z' }, { from: '1969-12-31' }, { to: '9999-12-31T23:00:00-14:00' }];
      for (const query of queries) {
        const response = await list(query);
        expect(response.status, JSON.stringify(query)).toBe(400);
        const body = response.body as ErrorBody;
        expect(body.error.code).toBe('VALIDATION_FAILED');
        expect(body.error.details?.map((detail) => detail.path)).toEqual([Object.keys(query)[0]]);
      }
    });

    it(`${path}: the range's own ends are accepted`, async () => {
      expect((await list({ from: '1970-01-01', to: '9999-12-31T23:59:59Z' })).status).toBe(200);
    });
  }
});

describe('an operator filters the audit log by a date the database cannot store; Corridor refuses the input', () => {
  it('year 0000 and years past 9999 are refused', async () => {
    const operator = await signedInOperator(database.db);
    for (const range of [{ from: '0000-01-01T00:00:00Z' }, { to: '+010000-01-01T00:00:00Z' }, { from: '1969-12-31T23:59:59Z' }]) {
      // A page's input that fails its schema is tRPC's BAD_REQUEST (the page reads VALIDATION_FAILED from its data).
      expect(await refusalCode(operator.caller.operator.audit.query(range)), JSON.stringify(range)).toBe('BAD_REQUEST');
    }
    expect(await refusalCode(operator.caller.operator.audit.query({ from: '1970-01-01T00:00:00Z' }))).toBe('RESOLVED');
  });
});
