import type { Server } from 'node:http';
import { answerClientErrors } from '../app/api/v1/_rest/client-errors';

export interface ServerTimeouts {
  /** All request headers must arrive within this (a client sending half a header is cut off). */
  headersMs: number;
  /** The whole request, body included: a 15 MB proof upload on a slow line fits in it. */
  requestMs: number;
  /** An idle kept-alive connection is closed after this; above common load balancers' 60 s. */
  keepAliveMs: number;
  /** How often Node looks for connections past the two limits above (its default is 30 s). */
  checkIntervalMs: number;
}

/** docs/security.md: the slow-client limits of `npm start`. */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 60_000,
  keepAliveMs: 65_000,
  checkIntervalMs: 5_000,
};

/**
 * How the HTTP server treats connections: slow clients are timed out (a connection slowly fed a
 * byte at a time would otherwise hold a socket and its memory for ever), and requests Node itself
 * refuses are answered in the API's JSON error format. Must run before `listen`, which starts
 * Node's connection checker at the interval set here.
 */
export function applyConnectionPolicies(server: Server, timeouts: ServerTimeouts = SERVER_TIMEOUTS): void {
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = timeouts.checkIntervalMs;
  answerClientErrors(server);
}
