import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { LifecycleParties } from './lifecycle-parties';
import { runPgbench } from './pgbench-baseline';
import type { Measured } from './sql-baseline';

export type LimitKind = 'payout' | 'payin';

/**
 * pgbench scripts of one lifecycle, one statement (one round trip, one commit) per step, each step
 * a server-side function of scripts/bench/lifecycle-limit.sql holding that step's writes. A
 * pgbench transaction is the whole script: its tps is lifecycles per second.
 */
const SCRIPTS: Record<LimitKind, string> = {
  payout: [
    '\\set m random(0, :merchant_count - 1)',
    '\\set t random(0, :trader_count - 1)',
    'select bench_lc_payout_create(:merchants, :m) as id \\gset',
    "select bench_lc_payout_accept(:id, :traders, :t);",
    "select bench_lc_payout_proof(:id);",
    "select bench_lc_payout_confirm(:id);",
    "select bench_lc_deliver(:id);",
  ].join('\n'),
  payin: [
    '\\set m random(0, :merchant_count - 1)',
    'select bench_lc_payin_create(:merchants, :m) as id \\gset',
    "select bench_lc_payin_paid(:id);",
    "select bench_lc_payin_release(:id);",
    "select bench_lc_deliver(:id);",
  ].join('\n'),
};

/** The limit row of a lifecycle: its SQL alone, one round trip per step, for the lifecycle merchants and bench traders. */
export async function lifecycleLimit(pgbench: string, url: string, kind: LimitKind, parties: LifecycleParties, connections: number, seconds: number): Promise<Measured> {
  const database = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    await database.unsafe(readFileSync(path.resolve('scripts/bench/lifecycle-limit.sql'), 'utf8'));
  } finally {
    await database.end();
  }
  const scriptDir = mkdtempSync(path.join(os.tmpdir(), 'corridor-lifecycle-limit-'));
  const script = path.join(scriptDir, `${kind}.pgbench`);
  writeFileSync(script, `${SCRIPTS[kind]}\n`);
  try {
    return await runPgbench(
      pgbench,
      url,
      script,
      {
        merchants: parties.merchants.map((merchant) => merchant.merchantId).join(','),
        merchant_count: String(parties.merchants.length),
        traders: parties.traders.map((trader) => trader.traderId).join(','),
        trader_count: String(parties.traders.length),
      },
      connections,
      seconds,
    );
  } finally {
    rmSync(scriptDir, { recursive: true, force: true });
  }
}
