import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { signal } from '../../tests/signal';
import type { ApiRequestRow } from './api-request-log.schema';
import { createApiRequestRecorder } from './api-request-recorder';

const db = {} as Executor;
const otherDb = {} as Executor;
const row = (n: number): ApiRequestRow => ({
  merchantId: '00000000-0000-4000-8000-000000000001',
  apiKeyId: null,
  method: 'GET',
  route: 'withdrawals/:orderNo',
  status: 200,
  latencyMs: n,
  requestId: `req_${n}`,
  createdAt: new Date(),
});

/** An insert that records each batch, and can be held (a slow database) or made to fail. */
function fakeInsert() {
  const batches: { db: Executor; rows: readonly ApiRequestRow[] }[] = [];
  let hold: ReturnType<typeof signal> | undefined;
  let fail = false;
  return {
    batches,
    holdNext() {
      const held = signal();
      hold = held;
      return () => held.fire();
    },
    failNext() {
      fail = true;
    },
    insert: async (target: Executor, rows: readonly ApiRequestRow[]) => {
      batches.push({ db: target, rows: [...rows] });
      if (hold) {
        const { fired } = hold;
        hold = undefined;
        await fired;
      }
      if (fail) {
        fail = false;
        throw new Error('database is away');
      }
    },
  };
}

// A flush interval far longer than any test: every write below is one the recorder starts itself
// on a full batch, or one the test asks for with flush().
const NEVER = 3_600_000;

describe('the request-log recorder', () => {
  it('holds rows until a batch is full, then writes the batch in one insert; flush() writes the rest', async () => {
    const fake = fakeInsert();
    const recorder = createApiRequestRecorder({ flushMs: NEVER, batchSize: 3, maxBuffered: 100, insert: fake.insert });
    recorder.record(db, row(1));
    recorder.record(db, row(2));
    expect(fake.batches).toHaveLength(0);
    recorder.record(db, row(3));
    recorder.record(db, row(4));
    await recorder.flush();
    expect(fake.batches.map((batch) => batch.rows.map((r) => r.requestId))).toEqual([['req_1', 'req_2', 'req_3'], ['req_4']]);
    await recorder.flush();
    expect(fake.batches).toHaveLength(2);
    expect(recorder.dropped()).toBe(0);
  });

  it('writes on its interval without being asked', async () => {
    const fake = fakeInsert();
    const recorder = createApiRequestRecorder({ flushMs: 1, batchSize: 100, maxBuffered: 100, insert: fake.insert });
    recorder.record(db, row(1));
    await expect.poll(() => fake.batches.length).toBe(1);
    expect(fake.batches[0]!.rows).toHaveLength(1);
  });

  it('keeps one batch per database: rows of two databases never share an insert', async () => {
    const fake = fakeInsert();
    const recorder = createApiRequestRecorder({ flushMs: NEVER, batchSize: 10, maxBuffered: 100, insert: fake.insert });
    recorder.record(db, row(1));
    recorder.record(otherDb, row(2));
    recorder.record(db, row(3));
    await recorder.flush();
    expect(fake.batches.map((batch) => [batch.db === db ? 'first' : 'other', batch.rows.map((r) => r.requestId)])).toEqual([
      ['first', ['req_1', 'req_3']],
      ['other', ['req_2']],
    ]);
  });

  it('while the database is slow, holds at most maxBuffered rows and drops (and counts) the rest', async () => {
    const fake = fakeInsert();
    const recorder = createApiRequestRecorder({ flushMs: NEVER, batchSize: 2, maxBuffered: 5, insert: fake.insert });
    const release = fake.holdNext();
    recorder.record(db, row(1));
    recorder.record(db, row(2)); // a full batch: its insert starts and hangs
    for (let n = 3; n <= 9; n += 1) recorder.record(db, row(n));
    // 2 being written + 3 waiting = 5 held; rows 6 to 9 were dropped.
    expect(recorder.dropped()).toBe(4);
    release();
    await recorder.flush();
    expect(fake.batches.flatMap((batch) => batch.rows.map((r) => r.requestId))).toEqual(['req_1', 'req_2', 'req_3', 'req_4', 'req_5']);
    // Room again once written.
    recorder.record(db, row(10));
    await recorder.flush();
    expect(fake.batches.at(-1)!.rows.map((r) => r.requestId)).toEqual(['req_10']);
    expect(recorder.dropped()).toBe(4);
  });

  it('a failed batch is dropped and counted, never thrown at the API, and the next batch is written', async () => {
    const fake = fakeInsert();
    const recorder = createApiRequestRecorder({ flushMs: NEVER, batchSize: 10, maxBuffered: 100, insert: fake.insert });
    fake.failNext();
    recorder.record(db, row(1));
    recorder.record(db, row(2));
    await recorder.flush();
    expect(recorder.dropped()).toBe(2);
    recorder.record(db, row(3));
    await recorder.flush();
    expect(fake.batches.map((batch) => batch.rows.length)).toEqual([2, 1]);
    expect(recorder.dropped()).toBe(2);
  });
});
