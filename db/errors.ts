/**
 * PostgreSQL error classification, the same for both drivers: postgres puts SQLSTATE and the
 * constraint name on the error, PGlite too, and Drizzle wraps either in an error whose `cause` is it.
 */
interface PgErrorLike {
  code?: string;
  detail?: string;
  constraint?: string;
  constraint_name?: string;
  cause?: unknown;
}

/** The first error in `error`'s cause chain (four deep, as the drivers wrap) whose code `accepts`. */
function findCoded(error: unknown, accepts: (code: string) => boolean): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgErrorLike;
    if (typeof candidate.code === 'string' && accepts(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

function pgError(error: unknown): PgErrorLike | undefined {
  return findCoded(error, (code) => /^[0-9A-Z]{5}$/.test(code));
}

/** The first `code` in the cause chain, a SQLSTATE or a driver's own (`ECONNRESET`, `CONNECTION_CLOSED`). */
export function errorCodeOf(error: unknown): string | undefined {
  return findCoded(error, () => true)?.code;
}

/** The SQLSTATE of a PostgreSQL error, however it is wrapped; undefined for anything else. */
export function sqlStateOf(error: unknown): string | undefined {
  return pgError(error)?.code;
}

/** The DETAIL of a PostgreSQL error (a RAISE ... USING DETAIL), however it is wrapped. */
export function pgErrorDetail(error: unknown): string | undefined {
  const detail = pgError(error)?.detail;
  return typeof detail === 'string' ? detail : undefined;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  if (pg?.code !== '23505') return false;
  if (!constraint) return true;
  return (pg.constraint ?? pg.constraint_name) === constraint;
}
