import type { Executor } from '../../db/client';
import { log } from '../logging/log';
import type { ApiRequestRow } from './api-request-log.schema';
import { insertApiRequestRows } from './insert-api-request-rows';
import { apiRequestLogDropped } from './request-log-metrics';

export interface RecorderOptions {
  /** How long a row may wait in memory before its batch is written. */
  flushMs: number;
  /** A batch of this many rows is written at once, without waiting for the interval. */
  batchSize: number;
  /** Rows held at most (waiting and being written); beyond that a row is dropped and counted. */
  maxBuffered: number;
  /** The one INSERT of a batch (tests replace it to see batches or to be slow). */
  insert: (db: Executor, rows: readonly ApiRequestRow[]) => Promise<void>;
}

const defaultRecorderOptions: RecorderOptions = { flushMs: 1_000, batchSize: 500, maxBuffered: 10_000, insert: insertApiRequestRows };

export interface ApiRequestRecorder {
  /** Takes one answered call; never waits and never throws (the API's answer is already known). */
  record(db: Executor, row: ApiRequestRow): void;
  /** Writes everything held now (shutdown, tests) and waits for writes in progress. */
  flush(): Promise<void>;
  /** Rows dropped so far because the buffer was full or their batch failed. */
  dropped(): number;
}

/**
 * The merchant request log's writer (docs/merchant-guide.md, "Request log"). The REST adapter
 * hands it each answered call; rows wait in memory and go in one multi-row INSERT per batch, on a
 * short interval or as soon as a batch is full, so a request gains no database round trip. One
 * batch is written at a time: while the database is slow the buffer grows to its bound, then new
 * rows are dropped and counted (the log is a convenience, never worth slowing the API for).
 */
export function createApiRequestRecorder(options: Partial<RecorderOptions> = {}): ApiRequestRecorder {
  const { flushMs, batchSize, maxBuffered, insert } = { ...defaultRecorderOptions, ...options };
  // Rows wait with the database they belong to: tests give the adapter a database per file.
  let waiting: { db: Executor; row: ApiRequestRow }[] = [];
  let writing = 0;
  let dropped = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> | undefined;

  const drop = (count: number) => {
    dropped += count;
    apiRequestLogDropped().inc(count);
  };

  const writeBatches = async () => {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, batchSize);
      waiting = waiting.slice(batch.length);
      writing = batch.length;
      const byDb = new Map<Executor, ApiRequestRow[]>();
      for (const { db, row } of batch) {
        const rows = byDb.get(db);
        if (rows) rows.push(row);
        else byDb.set(db, [row]);
      }
      for (const [db, rows] of byDb) {
        try {
          await insert(db, rows);
        } catch (error) {
          drop(rows.length);
          log('error', 'request log batch failed', { rows: rows.length, error });
        }
      }
      writing = 0;
      // A partial batch waits for the next interval; a full one goes on at once.
      if (waiting.length < batchSize) break;
    }
  };

  const start = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    current ??= writeBatches().finally(() => {
      current = undefined;
      if (waiting.length > 0) schedule();
    });
    return current;
  };

  const schedule = () => {
    if (timer || current) return;
    timer = setTimeout(() => void start(), flushMs);
    timer.unref?.();
  };

  return {
    record(db, row) {
      if (waiting.length + writing >= maxBuffered) {
        drop(1);
        return;
      }
      waiting.push({ db, row });
      if (waiting.length >= batchSize && !current) void start();
      else schedule();
    },
    async flush() {
      while (current || waiting.length > 0) {
        await (current ?? start());
      }
    },
    dropped: () => dropped,
  };
}

const key = Symbol.for('corridor.apiRequestRecorder');
type Holder = { [key]?: ApiRequestRecorder };

/**
 * The process's one recorder, on globalThis because the custom server and Next's route modules
 * load this module separately and must share one buffer.
 */
export function apiRequestRecorder(): ApiRequestRecorder {
  const holder = globalThis as Holder;
  holder[key] ??= createApiRequestRecorder();
  return holder[key];
}
