/**
 * `npm run cluster-test`: three app nodes and two webhook workers on one PostgreSQL, under a mixed
 * signed load sent round-robin, with one node and one worker killed -9 mid-run and restarted.
 * At the end it waits for the webhook queue to drain, checks the database (every acknowledged
 * order and state change is there, every payout holds its freeze, no timer fired twice, no event
 * lost, the ledger balances), prints the tables, writes bench/results/cluster-<date>.json and
 * exits 1 when a must-be-zero check fails. What it proves is claimed in docs/architecture.md
 * (Timers: any number of server processes) and docs/webhooks.md (Workers: any number of workers).
 *
 *   --seconds=N   load duration (default 60)
 *   --quick       15 s of load, for CI (results in bench/results/cluster-<date>-quick.json)
 *   CLUSTER_DATABASE_URL  PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres);
 *                         a fresh database is made on it and dropped at the end, even on failure.
 */

import './cluster/environment';
import { connect } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { tinyPng } from '../tests/fixtures/images';
import { startReceiver } from '../tests/webhooks/receiver';
import { startChaos } from './cluster/chaos';
import { checkDatabase, TIMER_SLACK_MS, undeliveredCount } from './cluster/checks';
import { createClusterDatabase, type ClusterDatabase } from './cluster/database';
import { CONCURRENCY, LoadGenerator } from './cluster/load';
import { LoadStats } from './cluster/load-stats';
import { Cluster } from './cluster/processes';
import { printReport, verdict, writeResults } from './cluster/report';
import { seedCluster, WINDOW_SECONDS } from './cluster/seed';

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = process.argv.includes('--quick');
const seconds = Number(argument('seconds') ?? (quick ? 15 : 60));
const adminUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const runStart = Date.now();
const say = (line: string) => console.log(`[cluster ${((Date.now() - runStart) / 1000).toFixed(1).padStart(5)} s] ${line}`);

/** After the load: a restarted node that has not served yet gets this much longer. */
const RESTART_GRACE_MS = 30_000;
/** After the seeded orders come due: the slack the check allows, and a few seconds more. */
const TIMER_SETTLE_MS = TIMER_SLACK_MS + 5_000;
const DRAIN_TIMEOUT_MS = 90_000;

let cleanup: (() => Promise<void>) | undefined;

async function main(): Promise<number> {
  if (!Number.isFinite(seconds) || seconds < 5) throw new Error('--seconds must be a number of at least 5');
  const receiverHits: string[] = [];
  const receiver = await startReceiver((request, _body, response) => {
    const id = request.headers['webhook-id'];
    if (typeof id === 'string') receiverHits.push(id);
    response.end('ok');
  });
  let database: ClusterDatabase | undefined;
  let app: ReturnType<typeof connect> | undefined;
  let cluster: Cluster | undefined;
  let cleaning: Promise<void> | undefined;
  // One cleanup, whoever asks first (the end of the run, a failure or SIGINT); the others wait for it.
  cleanup = () =>
    (cleaning ??= (async () => {
      cluster?.killAll();
      await app?.close().catch(() => {});
      await receiver.close();
      if (database) {
        await database.drop().catch((error: unknown) => console.error(`could not drop ${database?.name}: ${String(error)}`));
        say(`dropped database ${database.name}`);
      }
    })());

  try {
    database = await createClusterDatabase(adminUrl);
    say(`database ${database.name} created; migrating`);
    await migrateDatabase({ url: database.url });
    app = connect({ url: database.url, maxConnections: 4 });
    const proofPng = await tinyPng();
    const seed = await seedCluster(app.db, { receiverUrl: receiver.url, proofPng, merchants: 3, baitPerMerchant: 3 });
    say(`seeded ${seed.merchants.length} merchants, ${seed.payoutTraders.length} payout and ${seed.payinTraders.length} pay-in trader bots, ${seed.bait.payoutsUnpaid + seed.bait.proofsUndecided + seed.bait.payinsUnpaid} orders for the timers (due by ${seed.bait.dueBy.toISOString()})`);

    cluster = new Cluster(database.url);
    const started = cluster;
    await Promise.all([...['node-1', 'node-2', 'node-3'].map((name) => started.startNode(name)), ...['worker-1', 'worker-2'].map((name) => started.startWorker(name))]);
    say(`up: ${cluster.nodes.map((n) => `${n.name} on ${n.port}`).join(', ')}; ${cluster.workers.map((w) => w.name).join(', ')}`);

    const load = new LoadGenerator(cluster, app.db, seed, proofPng);
    const loadStart = Date.now();
    const loadMs = seconds * 1000;
    const chaos = startChaos(cluster, load.stats, loadStart, loadMs, say);
    // The load runs its time, and on until the restarted node has answered (bounded).
    const deadline = () => {
      const base = loadStart + loadMs;
      const back = chaos.restartedNode();
      const served = back ? (load.stats.byNode.get(LoadStats.nodeKey(back))?.ok ?? 0) : 0;
      return served >= 10 ? base : Math.max(base, Math.min(Date.now() + 1, base + RESTART_GRACE_MS));
    };
    say(`load: ${seconds} s, ${CONCURRENCY} in flight, round-robin over the live nodes`);
    await load.run(deadline);
    const loadEnd = Date.now();
    say(`load done after ${((loadEnd - loadStart) / 1000).toFixed(1)} s`);
    await chaos.done;

    const settleUntil = seed.bait.dueBy.getTime() + TIMER_SETTLE_MS;
    if (Date.now() < settleUntil) {
      say(`waiting ${((settleUntil - Date.now()) / 1000).toFixed(0)} s for the timers of the seeded orders (windows are ${WINDOW_SECONDS} s)`);
      await new Promise((resolve) => setTimeout(resolve, settleUntil - Date.now()));
    }
    await cluster.stop(cluster.nodes);
    const schedulersStoppedAt = new Date();
    say('app nodes stopped (SIGTERM); waiting for the webhook queue to drain');

    const drainDeadline = Date.now() + DRAIN_TIMEOUT_MS;
    let left = await undeliveredCount(app.db);
    while (left > 0 && Date.now() < drainDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      left = await undeliveredCount(app.db);
    }
    say(left === 0 ? 'webhook queue drained' : `webhook queue NOT drained: ${left} deliveries left after ${DRAIN_TIMEOUT_MS / 1000} s`);
    await cluster.stop(cluster.workers);

    const figures = await checkDatabase(app.db, { acknowledged: load.stats.acknowledged, schedulersStoppedAt, receivedWebhookIds: receiverHits });
    const facts = {
      quick,
      seconds,
      loadMs: loadEnd - loadStart,
      startedAt: new Date(runStart).toISOString(),
      nodes: 3,
      workers: 2,
      chaos: chaos.events,
      chaosFailures: chaos.failures,
      processes: cluster.history,
      restartedNodeKey: chaos.restartedNode() ? LoadStats.nodeKey(chaos.restartedNode()!) : undefined,
    };
    const lines = verdict(load.stats, figures, facts);
    printReport(load.stats, figures, facts, lines);
    const file = writeResults(load.stats, figures, facts, lines);
    const failed = lines.filter((line) => !line.pass);
    console.log(`\nResults: ${file}`);
    console.log(failed.length === 0 ? 'PASSED: every must-be-zero check holds.' : `FAILED: ${failed.map((line) => line.label).join('; ')}`);
    if (failed.length > 0) {
      for (const p of cluster.history.filter((p) => p.crashed)) console.log(`\n--- output of ${p.name}#${p.incarnation} ---\n${p.output()}`);
    }
    return failed.length === 0 ? 0 : 1;
  } finally {
    await cleanup();
  }
}

let interrupted = false;
// `on`, not `once`: the tsx wrapper of `npm run` relays Ctrl+C a second time, which must not
// end the process before its cleanup is done.
process.on('SIGINT', () => {
  if (interrupted) return;
  interrupted = true;
  console.log('\nInterrupted: stopping every child and dropping the database…');
  void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(130));
});

// A fault nobody awaited still ends the run the same way: children killed, database dropped.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    if (!interrupted) console.error(error instanceof Error ? error.stack : String(error));
    void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(interrupted ? 130 : 1));
  });
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    // After SIGINT the children are gone on purpose: what failed then is no news.
    if (!interrupted) console.error(error instanceof Error ? error.message : String(error));
    await cleanup?.().catch(() => {});
    process.exit(interrupted ? 130 : 1);
  },
);
