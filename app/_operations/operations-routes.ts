import { getDatabase } from '../../db';
import { timingSafeEqualString } from '../../server/crypto/tokens';
import { env } from '../../config/env';
import { registerOperationsGauges } from '../../server/metrics/operations-gauges';
import { metricsRegistry } from '../../server/metrics/registry';
import { checkReadiness } from '../../server/operations/readiness';

/** The paths the custom server answers itself, ahead of the API and Next: no auth, no rate limit, no request log. */
export const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });

/**
 * /healthz: the process answers (liveness; never touches the database, so a database outage does
 * not get every node restarted). /readyz: database reachable, migrations current, not stopping
 * (readiness). /metrics: Prometheus text, behind METRICS_TOKEN (docs/operations.md).
 */
export async function handleOperationsRequest(request: Request, options: { metricsOpen?: boolean } = {}): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (request.method !== 'GET' && request.method !== 'HEAD') return json(405, { error: 'use GET' });
  if (path === '/healthz') return json(200, { status: 'ok' });
  if (path === '/readyz') {
    const readiness = await checkReadiness((await getDatabase()).db);
    return json(readiness.ready ? 200 : 503, { status: readiness.ready ? 'ready' : 'not ready', ...readiness });
  }
  if (path === '/metrics') {
    if (!options.metricsOpen && !metricsAllowed(request)) return json(404, { error: 'not found' });
    registerOperationsGauges(async () => (await getDatabase()).db);
    const registry = metricsRegistry();
    return new Response(await registry.metrics(), { status: 200, headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' } });
  }
  return json(404, { error: 'not found' });
}

function metricsAllowed(request: Request): boolean {
  const config = env();
  if (!config.METRICS_TOKEN) return config.demo;
  const given = /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  return given !== undefined && timingSafeEqualString(given, config.METRICS_TOKEN);
}
