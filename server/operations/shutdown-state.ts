/**
 * Whether this process is stopping. Set first thing on SIGTERM/SIGINT so /readyz answers 503 and
 * load balancers stop sending work while requests in flight finish (docs/operations.md). Kept on
 * globalThis: the custom server and Next's bundles load this module separately.
 */
const key = Symbol.for('corridor.shuttingDown');
type Holder = { [key]?: boolean };

export function beginShutdown(): void {
  (globalThis as Holder)[key] = true;
}

export function isShuttingDown(): boolean {
  return (globalThis as Holder)[key] === true;
}

/** Tests run several servers in one process. */
export function resetShutdownState(): void {
  delete (globalThis as Holder)[key];
}
