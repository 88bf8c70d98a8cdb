import type { z } from 'zod';
import type { IdempotentOutcome } from '../../../../server/idempotency/with-idempotency';
import type { RouteResult } from './route-definition';

/**
 * The answer of a create call run under an Idempotency-Key: the first response's status and body,
 * replayed as stored (docs/api.md, "Idempotency"). The stored body is what this same route
 * answered the first time, so it has the route's success shape.
 */
export function replayable<R extends z.ZodType>(outcome: IdempotentOutcome): RouteResult<R> {
  return {
    status: outcome.status,
    body: outcome.body as z.output<R>,
    headers: outcome.replayed ? { 'idempotent-replayed': 'true' } : {},
  };
}
