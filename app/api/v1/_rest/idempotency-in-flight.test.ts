import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../../server/crypto/tokens';
import { withIdempotency } from '../../../../server/idempotency/with-idempotency';
import { apiDatabase, apiMerchant, payoutBody, payoutTrader, type TestMerchant } from '../../../../tests/api/api-harness';
import type { TestDatabase } from '../../../../tests/db/test-database';
import { signal } from '../../../../tests/signal';
import { payoutCreatedExample } from './openapi-examples';

let database: TestDatabase;
let merchant: TestMerchant;

beforeAll(async () => {
  database = await apiDatabase();
  merchant = await apiMerchant(database.db);
  await payoutTrader(database.db);
});
afterAll(async () => {
  await database.close();
});

// PGlite runs one transaction at a time, so a second request simply waits and replays there; only
// PostgreSQL has two requests truly in flight at once.
describe.runIf(process.env.TEST_DATABASE_URL)('an Idempotency-Key still in flight', () => {
  it('answers 409 IDEMPOTENCY_KEY_IN_USE to a concurrent request with the same key', async () => {
    const body = payoutBody();
    const { fired: held, fire: release } = signal();
    const { fired: lockTaken, fire: started } = signal();
    const first = withIdempotency(database.db, {
      scope: { principalId: merchant.merchantId, endpoint: 'POST /api/v1/withdrawals', key: 'in-flight', requestHash: sha256Hex(JSON.stringify(body)) },
      now: new Date(),
      effect: async () => {
        started();
        await held;
        // What the first request answers, replayed as stored: a payout's create fields.
        return { status: 201, body: payoutCreatedExample };
      },
    });
    await lockTaken;
    const concurrent = await merchant.client.createPayout(body as never, 'in-flight');
    expect(concurrent.status).toBe(409);
    expect((concurrent.body as { error: { code: string } }).error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
    release();
    await first;
    const replay = await merchant.client.createPayout(body as never, 'in-flight');
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(payoutCreatedExample);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});
