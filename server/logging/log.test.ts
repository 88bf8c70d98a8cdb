import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/db/test-database';
import { log, setLogLevel, setLogSink } from './log';

let lines: string[] = [];
let restore: () => void;

beforeAll(() => {
  setLogLevel('debug');
  restore = setLogSink((line) => lines.push(line));
});
afterEach(() => {
  lines = [];
});
afterAll(() => {
  restore();
  setLogLevel(undefined);
});

describe('log lines', () => {
  it('are one JSON object each with time, level and message', () => {
    log('info', 'request', { requestId: 'req_1', status: 201 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', message: 'request', requestId: 'req_1', status: 201, time: expect.any(String) });
  });

  it('redact secret-named fields at the top level and one level down', () => {
    log('info', 'oops', { password: 'hunter2-hunter2', nested: { cardNumber: '6222020200112233445', apiSecret: 'sk_live_x' }, headers: { authorization: 'x' } });
    const line = lines.join('\n');
    for (const secret of ['hunter2', '6222020200112233445', 'sk_live_x', 'authorization']) expect(line).not.toContain(secret);
    expect(line).toContain('[redacted]');
  });

  it('honour the level', () => {
    setLogLevel('warn');
    log('info', 'quiet');
    log('warn', 'loud');
    setLogLevel('debug');
    expect(lines.map((line) => (JSON.parse(line) as { message: string }).message)).toEqual(['loud']);
  });
});

describe.each(['postgres', 'pglite'] as const)('a failing SQL statement in a log line (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind === 'pglite' ? { kind: 'pglite' } : {});
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps the SQLSTATE and drops the parameters, from the message, the stack and the cause', async () => {
    const holder = 'ZHANG-SAN-HOLDER-NAME';
    const cipher = 'v1:card:k1:SECRETCIPHERTEXT';
    const error = await database.db
      .execute(sql`select ${holder}::uuid, ${cipher}::text`)
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    log('error', 'unhandled error', { requestId: 'req_2', error });
    const line = lines.join('\n');
    expect(line).not.toContain(holder);
    expect(line).not.toContain('SECRETCIPHERTEXT');
    expect(line).toContain('22P02');
  });
});
