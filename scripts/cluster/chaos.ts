import { createBatching, scrapeRuntime } from '../bench/server-runtime';
import { LoadStats } from './load-stats';
import type { Cluster, Managed } from './processes';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a killed process stays down before it is started again. */
const DOWN_MS = 3_000;

export interface Chaos {
  /** Settles when both restarts are done or have failed. */
  done: Promise<void>;
  /** Kills or restarts that went wrong (a process that would not start again): the run fails. */
  failures: string[];
  events: { what: string; atMs: number }[];
  /** "node-2#2" once the killed node is back: the load must reach it. */
  restartedNode(): Managed | undefined;
}

const sleepUntil = (at: number) => sleep(Math.max(0, at - Date.now()));

/**
 * Mid-run kill -9 of one app node (at 30 % of the load) and one webhook worker (at 45 %), each
 * started again DOWN_MS later: the node on its old port when free. The load generator keeps going
 * against the live nodes meanwhile and takes the restarted node back once it is ready.
 */
export function startChaos(cluster: Cluster, stats: LoadStats, loadStart: number, loadMs: number, say: (line: string) => void): Chaos {
  const events: Chaos['events'] = [];
  const note = (what: string) => {
    events.push({ what, atMs: Date.now() - loadStart });
    say(what);
  };
  let restarted: Managed | undefined;
  const failures: string[] = [];
  const failed = (what: string) => (error: unknown) => {
    failures.push(`${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    note(`${what} FAILED`);
  };

  const nodeChaos = (async () => {
    await sleepUntil(loadStart + loadMs * 0.3);
    const victim = cluster.nodes[1]!;
    // Its payout creates go to the database in batches (one statement, one commit each): the count
    // so far shows the kill lands on batched load, whose acknowledged creates must all survive.
    const batches = await createBatches(victim.port);
    stats.noteKill(victim);
    await cluster.kill9(victim);
    note(`kill -9 ${LoadStats.nodeKey(victim)} (port ${victim.port}, ${stats.inFlightAtKill.get(LoadStats.nodeKey(victim))} requests in flight; ${batches})`);
    await sleepUntil(Date.now() + DOWN_MS);
    restarted = await cluster.startNode(victim.name, victim.port);
    note(`${LoadStats.nodeKey(restarted)} ready on port ${restarted.port}`);
  })().catch(failed('node kill and restart'));

  const workerChaos = (async () => {
    await sleepUntil(loadStart + loadMs * 0.45);
    const victim = cluster.workers[0]!;
    await cluster.kill9(victim);
    note(`kill -9 ${LoadStats.nodeKey(victim)}`);
    await sleepUntil(Date.now() + DOWN_MS);
    const back = await cluster.startWorker(victim.name);
    note(`${LoadStats.nodeKey(back)} started`);
  })().catch(failed('worker kill and restart'));

  return {
    done: Promise.all([nodeChaos, workerChaos]).then(() => undefined),
    events,
    failures,
    restartedNode: () => restarted,
  };
}

/** "N payout creates in M commits so far" from a node's own metrics (demo mode: /metrics is open). */
async function createBatches(port: number | undefined): Promise<string> {
  if (port === undefined) return 'its port is unknown';
  try {
    const { creates, commits } = createBatching(await scrapeRuntime(`http://127.0.0.1:${port}`));
    return `${creates} payout creates in ${commits} commits so far`;
  } catch {
    return 'its metrics did not answer';
  }
}
