/**
 * What a merchant's delivery log says of an attempt that got no answer. The reasons are fixed
 * sentences: the worker's own errors name what a hostname resolved to, or that it did not resolve
 * ("destination x resolves to a private address (127.0.0.1 is loopback)", "getaddrinfo ENOTFOUND
 * x"), and a merchant who may choose any URL would read Corridor's internal DNS through them
 * (docs/security.md, "Webhook destinations"). The detail goes to the server's log for operators.
 *
 * A name that resolves to a refused address, one that does not resolve and one that refuses the
 * connection all read "could not connect", so the log cannot tell an internal name from a missing
 * one; only a URL that itself names a refused address (an IP literal, another scheme) reads
 * "destination not allowed", which its author knew already.
 */
export const ATTEMPT_ERROR = {
  notAllowed: 'destination not allowed',
  couldNotConnect: 'could not connect',
  connectionLost: 'connection lost during the reply',
} as const;

export const timedOut = (timeoutMs: number) => `timed out after ${timeoutMs} ms`;
