/**
 * What a log line may say about an error. Database errors carry the failed statement's parameters
 * (Drizzle puts them in the message, the drivers in `parameters`/`detail`), and those can be card
 * ciphertexts, fingerprints or names: only the SQLSTATE, the constraint/table/column names and the
 * message with its quoted values masked are kept. Other errors keep their message and stack.
 */
export interface SafeError {
  type: string;
  message: string;
  /** SQLSTATE for database errors, the documented code for domain errors. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: SafeError;
}

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
  table?: unknown;
  table_name?: unknown;
  column?: unknown;
  column_name?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

function isDatabaseError(error: Error & DatabaseErrorFields): boolean {
  return typeof error.code === 'string' && SQLSTATE.test(error.code) && ('severity' in error || 'routine' in error || error.name === 'PostgresError');
}

/** PostgreSQL quotes values in its messages (`invalid input syntax for type uuid: "…"`). */
function maskQuoted(message: string): string {
  return message.replace(/"[^"]*"/g, '"…"').replace(/\([^)]*\)=\([^)]*\)/g, '(…)=(…)');
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: typeof error === 'string' ? error.slice(0, 200) : 'non-error thrown' };
  const cause = depth < 3 && error.cause !== undefined ? safeError(error.cause, depth + 1) : undefined;
  const fields = error as Error & DatabaseErrorFields;
  // Drivers' errors (postgres.js, PGlite) carry the statement's parameters in fields that are dropped here.
  if (isDatabaseError(fields)) {
    return {
      type: error.name || 'DatabaseError',
      message: maskQuoted(error.message),
      code: fields.code as string,
      constraint: text(fields.constraint_name) ?? text(fields.constraint),
      table: text(fields.table_name) ?? text(fields.table),
      column: text(fields.column_name) ?? text(fields.column),
      ...(cause ? { cause } : {}),
    };
  }
  if (error.name === 'DrizzleQueryError' || 'params' in error || 'parameters' in error) {
    // The statement's text has only placeholders, but its parameters follow it in the message.
    return { type: error.name, message: 'A database statement failed.', ...(cause ? { cause } : {}) };
  }
  const rawCode = (error as { code?: unknown }).code;
  const code = typeof rawCode === 'string' ? rawCode : undefined;
  return {
    type: error.name,
    message: error.message,
    ...(code ? { code } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
    ...(cause ? { cause } : {}),
  };
}
