import type { RuntimeWindow } from './server-runtime';
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { connect } from '../../db/client';
import { merchants } from '../../db/schema';
import { sha256Hex } from '../../server/crypto/tokens';
import { createPayout } from '../../server/payouts/create-payout';
import { payoutBody, uniqueId } from './signed-request';
import type { BenchMerchant } from './seed-bench';

export interface Measured {
  requestsPerSecond: number;
  p50: number;
  /** Added in round three; results written before it lack it. */
  p90: number;
  p99: number;
  errors: number;
  total: number;
  /** CPU milliseconds per request: the server (HTTP rows), every PostgreSQL process, the load generator. */
  cpuMsPerRequest?: { server?: number; database: number; loader: number };
  /** Write system calls of the server per request (HTTP rows): database round trips and responses. */
  serverWritesPerRequest?: number;
  /** The server's event loop, GC and create batches over the window (HTTP rows; server-runtime.ts). */
  runtime?: RuntimeWindow;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The baseline: the statements one payout create runs (idempotency, quote, amounts, insert, freeze,
 * timeline), sent through `postgres` from this process with the same concurrency, with no HTTP,
 * no authentication and no validation; for one merchant, or rotating over several.
 */
export async function sqlBaseline(url: string, of: BenchMerchant[], connections: number, seconds: number): Promise<Measured> {
  const database = connect({ url, maxConnections: connections });
  const rows = await database.db.select().from(merchants).where(inArray(merchants.id, of.map((merchant) => merchant.merchantId)));
  let turn = 0;
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const body = payoutBody();
      const input = JSON.parse(body);
      const row = rows[(turn += 1) % rows.length]!;
      const started = performance.now();
      try {
        const now = new Date();
        const idempotency = { principalId: row.id, endpoint: 'POST /api/v1/withdrawals', key: uniqueId('base'), requestHash: sha256Hex(body) };
        await createPayout(database.db, { merchant: row, input, idempotency, now });
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  await database.close();
  latencies.sort((a, b) => a - b);
  return { requestsPerSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p90: percentile(latencies, 90), p99: percentile(latencies, 99), errors, total: latencies.length + errors };
}
