import { randomUUID } from 'node:crypto';

/** The id of one answer: in its X-Request-Id header, its error body and the request's log line. */
export function newRequestId(): string {
  return `req_${randomUUID().replaceAll('-', '')}`;
}
