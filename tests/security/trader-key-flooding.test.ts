import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorridorTraderClient } from '../../clients/node/corridor-client';
import { issueApiKey } from '../../server/api-keys/issue-api-key';
import { TRADER_RATE_LIMIT } from '../../server/rate-limit/trader-rate-limit';
import { apiDatabase, BASE_URL, inProcessFetch, payoutTrader } from '../api/api-harness';
import type { TestDatabase } from '../db/test-database';

let database: TestDatabase;

beforeAll(async () => {
  database = await apiDatabase();
});
afterAll(async () => {
  await database.close();
});

async function traderBot() {
  const trader = await payoutTrader(database.db);
  const key = await issueApiKey(database.db, { traderId: trader.traderId });
  return new CorridorTraderClient({ baseUrl: BASE_URL, apiKey: key.keyId, apiSecret: key.secret, fetch: inProcessFetch });
}

describe('a trader key (or whoever stole one) floods the trader API to tie up the server; Corridor rate-limits trader keys with the same token bucket as merchant keys', () => {
  it(`past the burst of ${TRADER_RATE_LIMIT.burst}, requests get 429 RATE_LIMITED with Retry-After; another trader's key is unaffected`, async () => {
    const bot = await traderBot();
    // Sequential requests refill the bucket at the documented rate while they run, so the
    // refusal comes a little after the burst; 200 requests is far more than enough for it.
    let refused: Awaited<ReturnType<typeof bot.listTasks>> | undefined;
    let allowed = 0;
    for (let i = 0; i < 200 && !refused; i += 1) {
      const response = await bot.listTasks();
      if (response.status === 429) refused = response;
      else {
        expect(response.status).toBe(200);
        allowed += 1;
      }
    }
    expect(refused, 'no request was refused').toBeDefined();
    expect(allowed).toBeGreaterThanOrEqual(TRADER_RATE_LIMIT.burst);
    expect((refused!.body as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const other = await traderBot();
    expect((await other.listTasks()).status).toBe(200);
  });
});
