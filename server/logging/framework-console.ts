import { log } from './log';
import { safeError, type SafeError } from './safe-error';

/**
 * Next and React print their own lines with console.error and console.warn: a route handler that
 * threw (`console.error(err)`, where a failed statement's error carries its SQL and parameters in
 * its message and fields), a body over the limit ("Request body exceeded 16 MB for /pay/<token>").
 * In the server process those calls are routed through the log (docs/operations.md, "Logs"): one
 * JSON line each, errors through safeError, text with its tokens and SQL parameters masked.
 * console.log stays as it is: the start-up banner speaks to a person, and Next says nothing there
 * that a request chose.
 */
const ROUTED = ['error', 'warn', 'info', 'debug', 'trace'] as const;
type Routed = (typeof ROUTED)[number];
const levelOf: Record<Routed, 'error' | 'warn' | 'info' | 'debug'> = { error: 'error', warn: 'warn', info: 'info', debug: 'debug', trace: 'debug' };

/** Text longer than this is cut: a framework line is a hint for an operator, not a dump. */
const MAX_TEXT = 2_000;

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
/** Next's own prefixes (`⨯`, `⚠`, `○`, `✓`, `▲`), which say nothing the level does not. */
const PREFIX = /^\s*[⨯⚠○✓▲]\s*/u;

/**
 * Masks what a framework line can carry that a log line may not:
 * - a failed statement's parameters (Drizzle: `params: a,b,c` after the SQL);
 * - PostgreSQL's quoted values and key details (`"…"`, `Key (col)=(value)`);
 * - a query string (signed URLs, filters);
 * - the token in a checkout or invitation path, and any other run of 32 or more base64url
 *   characters (256-bit tokens, API secrets, signatures; UUIDs too, which is a small price).
 */
export function redactFrameworkText(text: string): string {
  return text
    .replace(ANSI, '')
    .replace(/\bparams:[^\n]*/gi, 'params: [redacted]')
    .replace(/\([^)\n]*\)=\([^)\n]*\)/g, '(…)=(…)')
    .replace(/"[^"\n]*"/g, '"…"')
    .replace(/(\/[^\s?#"'`]*)\?[^\s#"'`]*/g, '$1?[redacted]')
    .replace(/(\/(?:pay|invitation)\/)[^\s/?#"'`.]+/g, '$1[redacted]')
    .replace(/[A-Za-z0-9_-]{32,}/g, '[redacted]');
}

function redactSafeError(error: SafeError): SafeError {
  return {
    ...error,
    message: redactFrameworkText(error.message),
    ...(error.stack ? { stack: redactFrameworkText(error.stack) } : {}),
    ...(error.cause ? { cause: redactSafeError(error.cause) } : {}),
  };
}

/** What one console call becomes: its text (strings only) and its first error, both masked. */
export function frameworkLogFields(args: unknown[]): { text: string; error?: SafeError } {
  const parts: string[] = [];
  let error: SafeError | undefined;
  for (const arg of args) {
    if (arg instanceof Error) {
      error ??= redactSafeError(safeError(arg));
      continue;
    }
    if (typeof arg === 'string') parts.push(arg);
    else if (typeof arg === 'number' || typeof arg === 'boolean') parts.push(String(arg));
    // Objects are not printed: they are where a request's headers, a body or an error's fields ride.
    else if (arg !== undefined && arg !== null) parts.push(`[${typeof arg}]`);
  }
  const text = redactFrameworkText(parts.join(' ')).replace(PREFIX, '').trim().slice(0, MAX_TEXT);
  return error ? { text, error } : { text };
}

/**
 * Routes console.error, warn, info, debug and trace through the log, for the whole process.
 * Returns the function that puts the console back (for tests).
 */
export function routeFrameworkConsole(): () => void {
  const original = Object.fromEntries(ROUTED.map((method) => [method, console[method]])) as Record<Routed, (...args: unknown[]) => void>;
  for (const method of ROUTED) {
    console[method] = (...args: unknown[]) => {
      const fields = frameworkLogFields(args);
      // An empty line (Next prints one around some messages) is no event.
      if (!fields.text && !fields.error) return;
      log(levelOf[method], 'framework', fields);
    };
  }
  return () => {
    for (const method of ROUTED) console[method] = original[method];
  };
}
