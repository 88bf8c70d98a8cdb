import { errorCodeOf, sqlStateOf } from '../../db/errors';
import { connectionLost } from '../../db/pipelined-begin';
import { DomainError } from './domain-error';

/**
 * SQLSTATEs that say "no primary here right now", not "your request is wrong": a write that reached
 * a node which has just become a standby (25006), a node starting up or shutting down (57P03), and
 * the connection classes connectionLost already knows.
 */
const FAILOVER_STATES = new Set(['25006', '57P03']);

/**
 * The database could not take this request: its primary died or is being replaced (docs/deploy.md,
 * "Failover"). Whatever the transaction did was rolled back or, when the cut came during COMMIT,
 * may have committed: the answer is 503 SERVICE_UNAVAILABLE with Retry-After either way, and a
 * retry with the same Idempotency-Key learns which (docs/api.md). Undefined for any other error.
 */
export function asDatabaseUnavailable(error: unknown): DomainError | undefined {
  const reason = unavailableReason(error);
  if (reason === undefined) return undefined;
  return new DomainError('SERVICE_UNAVAILABLE', 'The database is changing over to a standby; retry in a moment with the same Idempotency-Key.', {
    cause: reason,
  });
}

/** The SQLSTATE or connection error code that makes `error` an outage, for the log (never the statement). */
function unavailableReason(error: unknown): string | undefined {
  if (error instanceof DomainError) return undefined;
  const state = sqlStateOf(error);
  if (state !== undefined && FAILOVER_STATES.has(state)) return state;
  if (!connectionLost(error)) return undefined;
  return state ?? errorCodeOf(error) ?? 'connection lost';
}
