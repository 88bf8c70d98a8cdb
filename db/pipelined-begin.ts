import postgres from 'postgres';
import { poolUsage } from './pool-usage';

/**
 * `sql.begin` for the PostgreSQL pool, with BEGIN (and each SAVEPOINT) sent together with the
 * statement that follows it instead of in a round trip of its own (docs/performance.md, "One round
 * trip, one commit per batch").
 *
 * postgres.js awaits BEGIN's answer before it runs the callback. Nothing in that answer is needed:
 * BEGIN with no options fails only when the connection does, and then every statement after it
 * fails too. So the transaction reserves a connection, writes BEGIN without waiting, and the
 * callback's first statement follows on the same socket; PostgreSQL runs them in order.
 *
 * What `sql.begin` guarantees is kept:
 * - the callback's statements run on one connection, inside the transaction;
 * - COMMIT after the callback resolves, ROLLBACK (to the savepoint, when nested) after it throws;
 * - a statement that failed without the callback noticing still fails the transaction: PostgreSQL
 *   answers the COMMIT of an aborted transaction with ROLLBACK, and that is thrown as an error;
 * - the connection goes back to the pool once the transaction has ended, and never when the
 *   connection itself was lost (postgres.js has already put it among its closed connections).
 */
export async function pipelinedBegin<T>(client: postgres.Sql, callback: (sql: postgres.TransactionSql) => T | Promise<T>): Promise<T> {
  const reserved = await client.reserve();
  const connection = watched(reserved);
  try {
    const begun = marker(reserved.unsafe('begin'));
    let result: T;
    try {
      result = await callback(transactionSql(reserved));
      const failed = await begun;
      if (failed) throw failed;
    } catch (error) {
      // A statement sent on a lost connection is never answered (postgres.js writes it to a socket
      // that is gone), so ROLLBACK goes only to a live one; PostgreSQL rolls back by itself the
      // transaction of a connection it lost.
      if (!connection.lost) await reserved.unsafe('rollback').catch(() => undefined);
      throw error;
    }
    const commit = await reserved.unsafe('commit');
    if (commit.command === 'ROLLBACK') throw new AbortedTransactionError();
    return result;
  } finally {
    if (!connection.lost) reserved.release();
  }
}

/**
 * Notes when a statement on the reserved connection fails because the connection is gone. Only
 * this connection's statements count: the callback may fail for reasons of its own, a refused
 * HTTP call with the same error codes among them, while the connection is fine. Every statement
 * sent on it, BEGIN and COMMIT included, is also counted for /metrics (db/pool-usage.ts).
 */
function watched(reserved: postgres.ReservedSql): { lost: boolean } {
  const state = { lost: false };
  const usage = poolUsage();
  const unsafe = reserved.unsafe.bind(reserved);
  reserved.unsafe = ((...args: Parameters<typeof unsafe>) => {
    usage.statements += 1;
    const statement = unsafe(...args);
    // Observing the outcome sends the statement on the next microtask, as awaiting it would: Drizzle
    // awaits every statement it builds, and sets .values() before that.
    statement.catch((error: unknown) => {
      if (connectionLost(error)) state.lost = true;
    });
    return statement;
  }) as typeof reserved.unsafe;
  return state;
}

/**
 * Whether an error says the connection is gone: postgres.js's own connection errors, a socket's
 * (ECONNRESET...), or PostgreSQL ending the session (SQLSTATE class 08, and 57P01-57P05 such as
 * pg_terminate_backend or a shutdown; not 57014, a cancelled statement on a live connection).
 * Named codes only: a live connection taken for a lost one would stay out of the pool for good.
 */
export function connectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERRORS.has(code) || /^(08...|57P0.)$/.test(code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const CONNECTION_ERRORS = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
  'CONNECT_TIMEOUT',
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** A statement failed inside the transaction and the callback went on as if it had not. */
export class AbortedTransactionError extends Error {
  readonly code = 'TRANSACTION_ABORTED';
  constructor() {
    super('the transaction was rolled back: one of its statements failed and the failure was not awaited');
  }
}

type Savepoint = <T>(callback: (sql: postgres.TransactionSql) => T | Promise<T>) => Promise<T>;

/**
 * The reserved connection as the callback sees it: a TransactionSql whose savepoints nest, named
 * s0, s1... in the order they start. Every level gets the same object, as postgres.js's own
 * savepoints share their connection.
 */
function transactionSql(reserved: postgres.ReservedSql): postgres.TransactionSql {
  const sql = reserved as unknown as postgres.TransactionSql;
  let count = 0;
  const savepoint: Savepoint = async (callback) => {
    const name = `s${count++}`;
    const saved = marker(reserved.unsafe(`savepoint ${name}`));
    try {
      const result = await callback(sql);
      const failed = await saved;
      if (failed) throw failed;
      return result;
    } catch (error) {
      // On a lost connection this fails too; the error that matters is the callback's.
      await reserved.unsafe(`rollback to savepoint ${name}`).catch(() => undefined);
      throw error;
    }
  };
  return Object.assign(sql, { savepoint });
}

/**
 * A statement sent ahead and looked at only at the end: resolves to its error, if any, and never
 * rejects. Its failure also fails every statement after it, which the callback sees first.
 */
function marker(statement: postgres.PendingQuery<postgres.Row[]>): Promise<unknown> {
  return statement.then(
    () => undefined,
    (error: unknown) => error ?? new Error('statement failed'),
  );
}

