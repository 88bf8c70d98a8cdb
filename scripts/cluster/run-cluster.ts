import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { connect } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { connectionLost } from '../../db/pipelined-begin';
import { tinyPng } from '../../tests/fixtures/images';
import { startReceiver } from '../../tests/webhooks/receiver';
import type { Chaos } from './chaos';
import { checkDatabase, TIMER_SLACK_MS, undeliveredCount } from './checks';
import type { ClusterDatabase } from './database';
import { CONCURRENCY, LoadGenerator } from './load';
import { LoadStats } from './load-stats';
import { Cluster } from './processes';
import { printReport, verdict, writeResults, type Line } from './report';
import { seedCluster, WINDOW_SECONDS } from './seed';

/** What differs between the cluster test and the failover test; the run itself is the same. */
export interface ClusterRun {
  /** "cluster" or "failover": names the report and bench/results/<name>-<date>.json. */
  name: string;
  title: string;
  quick: boolean;
  seconds: number;
  /** The run's own empty database, dropped (or its servers removed) by `drop`. */
  database(say: (line: string) => void): Promise<ClusterDatabase>;
  chaos(cluster: Cluster, stats: LoadStats, loadStart: number, loadMs: number, say: (line: string) => void): Chaos;
  /** The chaos kills and restarts an app node: the load goes on until the restarted one has served. */
  restartsAppNode: boolean;
  /** Clients resend every cut or 503 request with the same key (docs/api.md). */
  patientClients?: boolean;
  /**
   * The chaos kills the database's machines. This process's own pool (the seed, the checks, the
   * buyer's "I Have Paid" run directly) then loses connections, and postgres.js sometimes reports
   * such a loss outside any await (an unhandled rejection on a socket the kill closed). Those are
   * logged and counted, not fatal: what the run judges is the app nodes, whose every exit it checks.
   */
  killsDatabase?: boolean;
  /** Further verdict lines of this run, after the common ones. */
  extraLines?(stats: LoadStats): Line[];
}

/** After the load: a restarted node that has not served yet gets this much longer. */
const RESTART_GRACE_MS = 30_000;
/** After the seeded orders come due: the slack the check allows, and a few seconds more. */
const TIMER_SETTLE_MS = TIMER_SLACK_MS + 5_000;
const DRAIN_TIMEOUT_MS = 90_000;
/**
 * Everything but the load: a database formation that is made twice (scripts/ha), seeding, the
 * timers' settling, the drain and the checks. A passing failover run takes under 2 minutes of it.
 */
const RUN_OVERHEAD_MS = 15 * 60_000;

let cleanup: (() => Promise<void>) | undefined;

async function main(run: ClusterRun, say: (line: string) => void, runStart: number): Promise<number> {
  const { quick, seconds } = run;
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
        say(`removed database ${database.name}`);
      }
    })());

  try {
    database = await run.database(say);
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

    const load = new LoadGenerator(cluster, app.db, seed, proofPng, run.patientClients ?? false);
    const loadStart = Date.now();
    const loadMs = seconds * 1000;
    const chaos = run.chaos(cluster, load.stats, loadStart, loadMs, say);
    // The load runs its time, and on until the restarted node has answered (bounded).
    const deadline = () => {
      const base = loadStart + loadMs;
      const back = chaos.restartedNode();
      if (!run.restartsAppNode) return base;
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
    // The schedulers stop at SIGTERM (scripts/run-corridor.ts): a node slow to exit after that must
    // not move the timers' cutoff on past timers that came due once no scheduler was left.
    const schedulersStoppedAt = new Date();
    await cluster.stop(cluster.nodes);
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
      name: run.name,
      title: run.title,
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
    const lines = [...verdict(load.stats, figures, facts), ...(run.extraLines?.(load.stats) ?? [])];
    printReport(load.stats, figures, facts, lines);
    const file = writeResults(load.stats, figures, facts, lines);
    // CLUSTER_LOG_DIR keeps each process's output (its last 64 KiB) for a look after the run.
    if (process.env.CLUSTER_LOG_DIR) {
      mkdirSync(process.env.CLUSTER_LOG_DIR, { recursive: true });
      for (const p of cluster.history) writeFileSync(path.join(process.env.CLUSTER_LOG_DIR, `${p.name}-${p.incarnation}.log`), p.output());
    }
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

/**
 * Runs one cluster run as the whole process: exits 0 when every must-be-zero check holds, 1 when
 * one fails, 130 on Ctrl+C; whatever ends it, the children are killed and the database removed.
 */
export function runClusterAsScript(run: ClusterRun): void {
  const runStart = Date.now();
  const say = (line: string) => console.log(`[${run.name} ${((Date.now() - runStart) / 1000).toFixed(1).padStart(5)} s] ${line}`);
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
      if (run.killsDatabase && connectionLost(error)) {
        say(`this process lost a database connection outside any await (${(error as { code?: string }).code ?? 'connection error'}): logged, not fatal`);
        return;
      }
      if (!interrupted) console.error(error instanceof Error ? error.stack : String(error));
      void (cleanup?.() ?? Promise.resolve()).finally(() => process.exit(interrupted ? 130 : 1));
    });
  }

  // A run that hangs (a database that takes no write, a child that will not stop) ends as a failure
  // in bounded time, children killed, instead of holding the machine until someone notices.
  const budgetMs = run.seconds * 1000 + RUN_OVERHEAD_MS;
  setTimeout(() => {
    console.error(`FAILED: the run did not finish within ${Math.round(budgetMs / 60_000)} minutes`);
    const cleaned = cleanup?.() ?? Promise.resolve();
    void Promise.race([cleaned, new Promise((resolve) => setTimeout(resolve, 30_000))]).finally(() => process.exit(1));
  }, budgetMs).unref();

  main(run, say, runStart).then(
    (code) => process.exit(code),
    async (error: unknown) => {
      // After SIGINT the children are gone on purpose: what failed then is no news.
      if (!interrupted) console.error(error instanceof Error ? error.message : String(error));
      await cleanup?.().catch(() => {});
      process.exit(interrupted ? 130 : 1);
    },
  );
}
