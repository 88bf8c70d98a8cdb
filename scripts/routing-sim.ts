/**
 * The routing simulation (docs/routing.md, "Simulation"): 20 traders with different reliabilities,
 * limits and banks take a simulated day of pay-ins and payouts through the real matching, accept
 * and dispatch code on a real PostgreSQL database, once as today (price-only routing, first-accept
 * payouts) and once recommended (scored routing, scored payout dispatch with its cap), on the same seed.
 *
 *   npm run routing-sim              # 20,000 pay-ins, 5,000 payouts
 *   npm run routing-sim -- --quick   # 1,000 pay-ins, 250 payouts, limits scaled to match
 *   options: --seed <n>, --payins <n>, --payouts <n>, --bond <USDT> (each trader's bond; turns the cap on at multiple 5)
 *
 * SIM_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) is an
 * administrative connection: the simulation creates a database per run and drops it after.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { migrateDatabase } from '../db/migrate';
import { connect } from '../db/client';
import { DEFAULT_ROUTING_SETTINGS, RECOMMENDED_ROUTING_SETTINGS, type RoutingSettings } from '../server/routing/routing-settings';
import { runSimulation, type SimResult } from './routing-sim/run-simulation';
import { SIM_TASK_CAP } from './routing-sim/payout-sim';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const quick = process.argv.includes('--quick');
const seed = Number(option('--seed') ?? 35);
const payins = Number(option('--payins') ?? (quick ? 1000 : 20000));
const payouts = Number(option('--payouts') ?? Math.round(payins / 4));
// With a bond, both modes run with the bond's cap on, and the table adds the highest exposure over cap.
const bond = option('--bond');
const adminUrl = process.env.SIM_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function runMode(name: string, settings: RoutingSettings): Promise<SimResult> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const database = `corridor_sim_${randomBytes(4).toString('hex')}`;
  await admin.unsafe(`create database "${database}"`);
  // A throwaway database: a commit need not wait for its WAL to reach the disk (a crash loses only the run).
  await admin.unsafe(`alter database "${database}" set synchronous_commit = off`);
  const url = withDatabase(adminUrl, database);
  try {
    await migrateDatabase({ url });
    const db = connect({ url, maxConnections: 2 });
    try {
      return await runSimulation(db.db, { seed, payins, payouts, settings, label: name, bond });
    } finally {
      await db.close();
    }
  } finally {
    await admin.unsafe(`drop database if exists "${database}" with (force)`);
    await admin.end();
  }
}

const started = Date.now();
// Price-only is today's routing, with the same account limits and pauses as scored: only the order of the candidates differs.
// The simulated traders stand for established ones: the new-trader gate would hold each to its first orders' caps all day.
const established: RoutingSettings = { ...RECOMMENDED_ROUTING_SETTINGS, newTrader: { ...RECOMMENDED_ROUTING_SETTINGS.newTrader, enabled: false } };
const capped = (settings: RoutingSettings): RoutingSettings => (bond ? { ...settings, bond: { capEnabled: true, multiple: '5' } } : settings);
// Payouts as today: whoever accepts first, no cap on open tasks.
const price = capped({ ...established, mode: 'price' as const, payouts: DEFAULT_ROUTING_SETTINGS.payouts });
const results = await Promise.all([runMode('price-only', price), runMode('scored', capped(established))]);

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const secs = (value: number | null) => (value === null ? '-' : `${value.toFixed(0)} s`);
const rows: [string, (r: SimResult) => string][] = [
  ['pay-ins', (r) => String(r.payins)],
  ['completed', (r) => `${r.completed} (${pct(r.completed / r.payins)})`],
  ['expired after a match', (r) => pct(r.expiredMatched / r.payins)],
  ['expired unmatched', (r) => pct(r.expiredUnmatched / r.payins)],
  ['disputed', (r) => pct(r.disputed / r.payins)],
  ['median time to match', (r) => secs(r.medianMatchSeconds)],
  ['median time to complete', (r) => secs(r.medianCompleteSeconds)],
  ['share on the 3 worst traders', (r) => pct(r.worstThreeShare)],
  ['limit breaches', (r) => String(r.breaches)],
  ...(bond ? ([['max exposure / cap', (r) => r.maxExposureOverCap ?? '-'], ['matches above the cap', (r) => String(r.capBreaches)]] as [string, (r: SimResult) => string][]) : []),
];
const payoutRows: [string, (r: SimResult) => string][] = [
  ['payouts', (r) => String(r.payouts.payouts)],
  ['completed', (r) => `${r.payouts.completed} (${pct(r.payouts.completed / r.payouts.payouts)})`],
  ['went overdue', (r) => pct(r.payouts.overdue / r.payouts.payouts)],
  ['disputed', (r) => pct(r.payouts.disputed / r.payouts.payouts)],
  ['median time to accept', (r) => secs(r.payouts.medianAcceptSeconds)],
  ['median time to complete', (r) => secs(r.payouts.medianCompleteSeconds)],
  ['share of accepts on the 3 worst traders', (r) => pct(r.payouts.worstThreeShare)],
  [`accepts above ${SIM_TASK_CAP} open tasks`, (r) => String(r.payouts.capBreaches)],
];
const table = (title: string, lines: [string, (r: SimResult) => string][], labels: string[]) => {
  console.log(`\n${title}\n`);
  console.log(`| | ${labels.join(' | ')} |`);
  console.log(`|---|${labels.map(() => '---').join('|')}|`);
  for (const [name, of] of lines) console.log(`| ${name} | ${results.map(of).join(' | ')} |`);
};
console.log(`\nrouting-sim seed ${seed}, ${payins} pay-ins and ${payouts} payouts over a simulated day, ${((Date.now() - started) / 1000).toFixed(0)} s`);
table('Pay-ins', rows, results.map((r) => r.label));
table('Payouts', payoutRows, ['first accept', `scored dispatch, cap ${SIM_TASK_CAP}`]);
const [priceResult, scoredResult] = results as [SimResult, SimResult];
const payinsOk = scoredResult.completed > priceResult.completed && scoredResult.breaches === 0 && priceResult.breaches === 0 && scoredResult.capBreaches === 0 && priceResult.capBreaches === 0;
// Today's first accept has no cap, so its count above the cap is what the cap prevents; scored dispatch enforces it and must show 0.
const payoutsOk = scoredResult.payouts.completed >= priceResult.payouts.completed && scoredResult.payouts.capBreaches === 0;
console.log(payinsOk ? '\nscored routing completes more, with no limit breach' : '\nFAILED: scored routing must complete more with no limit breach');
console.log(payoutsOk ? 'scored dispatch completes at least as many payouts, with no accept above the cap' : 'FAILED: scored dispatch must complete at least as many payouts with no accept above the cap');
process.exit(payinsOk && payoutsOk ? 0 : 1);
