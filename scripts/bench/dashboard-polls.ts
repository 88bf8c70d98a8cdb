import { percentile } from './sql-baseline';
import type { Credentials } from './lifecycle-parties';

export interface DashboardReads {
  reads: number;
  errors: number;
  p50: number;
  p90: number;
  p99: number;
}

/** Signs in through Auth.js's credentials endpoint, as the sign-in page does; the session cookie. */
export async function signIn(base: string, credentials: Credentials): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookiePairs(csrf), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: credentials.email, password: credentials.password, csrfToken, callbackUrl: `${base}/` }),
  });
  const session = response.headers.getSetCookie().find((cookie) => cookie.includes('session-token='));
  if (!session) throw new Error(`signing in ${credentials.email} set no session (HTTP ${response.status})`);
  return session.split(';')[0]!;
}

const cookiePairs = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');

/**
 * The dashboards open beside the lifecycles: a signed-in trader's "My payouts" and "My pay-ins"
 * and a merchant member's order tables, each page 1 as the pages poll it (the tRPC queries they
 * call), `perSecond` reads in all, evenly spaced, until `stop` is called.
 */
export function pollDashboards(base: string, cookies: { trader: string; merchant: string }, perSecond: number): { stop(): Promise<DashboardReads> } {
  const reads: { procedure: string; input: unknown; cookie: string }[] = [
    { procedure: 'trader.payouts', input: { group: 'open' }, cookie: cookies.trader },
    { procedure: 'merchantOrders.payins', input: { page: 1 }, cookie: cookies.merchant },
    { procedure: 'trader.payins', input: { group: 'open' }, cookie: cookies.trader },
    { procedure: 'merchantOrders.payouts', input: { page: 1 }, cookie: cookies.merchant },
  ];
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let errors = 0;
  let turn = 0;
  const read = async () => {
    const { procedure, input, cookie } = reads[(turn += 1) % reads.length]!;
    const started = performance.now();
    try {
      const response = await fetch(`${base}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status === 200) latencies.push(performance.now() - started);
      else errors += 1;
    } catch {
      errors += 1;
    }
  };
  const timer = setInterval(() => {
    const pending = read().finally(() => inFlight.delete(pending));
    inFlight.add(pending);
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      latencies.sort((a, b) => a - b);
      return { reads: latencies.length + errors, errors, p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99) };
    },
  };
}
