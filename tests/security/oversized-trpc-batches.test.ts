import { describe, expect, it } from 'vitest';
import { GET, POST } from '../../app/api/trpc/[trpc]/route';
import { MAX_TRPC_BATCH } from '../../app/api/trpc/[trpc]/batch-limit';

const batchOf = (count: number) => Array.from({ length: count }, () => 'trader.overview').join(',');
const input = (count: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [i, {}]))));

describe('a client packs hundreds of procedures into one tRPC batch, so one request costs hundreds of database round trips that no rate limit sees; Corridor refuses batches of more than 10', () => {
  it('a GET batch of 500: 400 BATCH_TOO_LARGE with a clear message, before any procedure runs', async () => {
    const response = await GET(new Request(`http://corridor.test/api/trpc/${batchOf(500)}?batch=1&input=${input(500)}`));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; data: { code: string; httpStatus: number } } };
    expect(body.error.data).toMatchObject({ code: 'BATCH_TOO_LARGE', httpStatus: 400 });
    expect(body.error.message).toBe('A batch may name at most 10 procedures; this one names 500.');
  });

  it('a POST batch of 11 is refused the same way', async () => {
    const response = await POST(
      new Request(`http://corridor.test/api/trpc/${batchOf(11)}?batch=1`, { method: 'POST', body: JSON.stringify({}), headers: { 'content-type': 'application/json' } }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { data: { code: string } } }).error.data.code).toBe('BATCH_TOO_LARGE');
  });

  it(`a batch of ${MAX_TRPC_BATCH} is handed to tRPC (which answers on its own terms: here, no session)`, async () => {
    const response = await GET(new Request(`http://corridor.test/api/trpc/${batchOf(MAX_TRPC_BATCH)}?batch=1&input=${input(MAX_TRPC_BATCH)}`));
    expect(await response.text()).not.toContain('BATCH_TOO_LARGE');
  });
});
