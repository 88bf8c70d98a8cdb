/**
 * docs/security.md: a tRPC batch names at most this many procedures. Each runs its own queries, so
 * an unlimited batch turns one request into hundreds of database round trips that no rate limit
 * sees. The dashboard's client batches at most this many (httpBatchLink's maxItems).
 */
export const MAX_TRPC_BATCH = 10;

/** How many procedures a tRPC request names: `/api/trpc/a,b,c` names three. */
export function proceduresNamed(pathname: string, endpoint: string): number {
  const path = pathname.startsWith(`${endpoint}/`) ? pathname.slice(endpoint.length + 1) : '';
  return path.split(',').length;
}
