import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrdersResponse } from '../../app/merchant/export/export-orders-response';
import { statementExportResponse } from '../../app/merchant/statement-export/statement-export-response';
import { cliActor } from '../../server/audit';
import { adjustBalance } from '../../server/balances/adjust-balance';
import { apiDatabase, apiMerchant, type TestMerchant } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';
import { merchantWithOwner, type TestMember } from '../fixtures/merchant-team';
import { insertPayin, insertPayout } from '../fixtures/orders';
import { refusalCode } from '../trpc/refusal-code';
import { callerAs, merchantSession, signedInOperator } from '../trpc/trpc-harness';

/**
 * The attack: name a date the database cannot store (year 0000, past 9999, or an hour that rounds
 * up into year 10000) in a list filter, a console filter or a CSV export, to get a 500 and its
 * error path, or a file cut off after its header. The rule that now holds: every transport parses
 * dates with one parser (server/validation/instant.ts) bounded to 1970-01-01 to 9999-12-31
 * (docs/api.md, "Dates and times"); outside it the answer is 400 VALIDATION_FAILED naming the
 * field, before any row is read; inside it, even at its last millisecond, the list answers.
 */

let database: TestDatabase;
let merchant: TestMerchant;
let owner: TestMember;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  ({ owner } = await merchantWithOwner(database.db));
  await adjustBalance(database.db, { owner: { type: 'merchant', id: owner.merchantId }, direction: 'credit', amount: '100', memo: 'test funding' }, cliActor);
  await insertPayout(database.db, merchant.merchantId);
  await insertPayin(database.db, merchant.merchantId, null);
  await insertPayout(database.db, owner.merchantId);
  await insertPayin(database.db, owner.merchantId, null);
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

    it(`${path}: the range's last millisecond is a filter like any other (its hour rounds up into year 10000)`, async () => {
      // The merchant has one order of each flow, created now: only the range that holds now finds it.
      const queries: [Record<string, string>, number][] = [
        [{ from: '9999-12-31T23:59:59.999Z' }, 0],
        [{ from: '9999-12-31T23:30:00Z', to: '9999-12-31T23:59:59.999Z' }, 0],
        [{ from: '1970-01-01T00:00:00.001Z', to: '9999-12-31T23:59:59.999Z' }, 1],
      ];
      for (const [query, total] of queries) {
        const response = await list(query);
        expect([response.status, (response.body as { total?: number }).total], JSON.stringify(query)).toEqual([200, total]);
      }
    });
  }
});

describe('a merchant forges an events cursor holding a date the database cannot store', () => {
  it('year 0000 in startingAfter is refused by name, never a 500', async () => {
    const forged = Buffer.from(JSON.stringify({ t: '0000-01-01T00:00:00.000000Z', i: `evt_${'0'.repeat(32)}` }), 'utf8').toString('base64url');
    const response = await merchant.client.listEvents({ startingAfter: forged });
    expect(response.status).toBe(400);
    const body = response.body as ErrorBody;
    expect([body.error.code, body.error.details?.map((detail) => detail.path)]).toEqual(['VALIDATION_FAILED', ['startingAfter']]);
  });
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

/** The fields a page's procedure refused, as the page reads them (the zod issues behind VALIDATION_FAILED). */
async function refusedFields(call: Promise<unknown>) {
  try {
    await call;
    return ['RESOLVED'];
  } catch (error) {
    const { code, cause } = error as { code?: string; cause?: { issues?: { path: PropertyKey[] }[] } };
    return [code, cause?.issues?.map((issue) => issue.path.join('.'))];
  }
}

describe("a merchant user puts dates the database cannot store in the console's filters and its CSV export", () => {
  it('the payouts and pay-ins tables refuse year 0000 and years past 9999 by field; the range itself is served', async () => {
    const caller = callerAs(database.db, merchantSession(owner));
    for (const list of [(filter: Record<string, string>) => caller.merchantOrders.payouts(filter), (filter: Record<string, string>) => caller.merchantOrders.payins(filter)]) {
      const filters: Record<string, string>[] = [{ from: '0000-01-01' }, { to: '0000-01-01' }, { from: '1969-12-31' }, { to: '9999-12-31T23:00:00-14:00' }, { from: '0000-01-01T00:00:00Z' }];
      for (const filter of filters) {
        expect(await refusedFields(list(filter)), JSON.stringify(filter)).toEqual(['BAD_REQUEST', [Object.keys(filter)[0]]]);
      }
      expect(await list({ from: '1970-01-01', to: '9999-12-31' })).toMatchObject({ total: 1 });
    }
  });

  it('the orders export answers 400 naming the field before it sends a byte of the file', async () => {
    for (const query of ['flow=payouts&from=0000-01-01', 'flow=payins&to=0000-01-01', 'flow=payouts&from=2026-01-01&to=10000-01-01']) {
      const response = await exportOrdersResponse(database.db, merchantSession(owner), new Request(`http://localhost/merchant/export?${query}`));
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type'), query).toMatch(/^application\/json/);
      const error = ((await response.json()) as ErrorBody).error;
      expect([error.code, error.details?.map((detail) => detail.path)], query).toEqual(['VALIDATION_FAILED', [query.includes('to=') ? 'to' : 'from']]);
    }
    const whole = await exportOrdersResponse(database.db, merchantSession(owner), new Request('http://localhost/merchant/export?flow=payouts&from=1970-01-01&to=9999-12-31'));
    expect(whole.status).toBe(200);
    expect((await whole.text()).trim().split('\n')).toHaveLength(2);
  });

  it('the statement export refuses the same dates by field', async () => {
    for (const query of ['from=0000-01-01', 'to=+010000-01-01T00:00:00Z']) {
      const response = await statementExportResponse(database.db, merchantSession(owner), new Request(`http://localhost/merchant/statement-export?${query}`));
      expect(response.status, query).toBe(400);
      const error = ((await response.json()) as ErrorBody).error;
      expect([error.code, error.details?.map((detail) => detail.path)], query).toEqual(['VALIDATION_FAILED', [query.split('=')[0]]]);
    }
  });
});
