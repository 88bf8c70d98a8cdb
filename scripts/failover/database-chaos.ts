import postgres from 'postgres';
import type { AutoFailoverCluster, HaNode } from '../ha/auto-failover-cluster';
import type { Chaos } from '../cluster/chaos';
import type { LoadStats, Outage } from '../cluster/load-stats';
import type { Cluster } from '../cluster/processes';
import { setTimeout as sleep } from 'node:timers/promises';

/** After a new primary takes writes, the app nodes' pools reconnect on their next statement: a few seconds of slack. */
const RECONNECT_GRACE_MS = 5_000;
const NEW_PRIMARY_TIMEOUT_MS = 60_000;

const sleepUntil = (at: number) => sleep(Math.max(0, at - Date.now()));

/**
 * The database's machines die under load (docs/operations.md, "Failover"):
 * - at 25 % of the load, the primary (keeper and postmaster, kill -9): a standby is promoted;
 * - at 55 %, or once it is the new primary's synchronous standby if later, the new primary's
 *   remaining standby: the primary goes on alone, asynchronously;
 * - at 65 %, the old primary comes back and rejoins as a standby.
 * Each outage runs from its kill until a write commits again, plus the app's reconnect grace; the
 * load's failures inside it are counted apart, and its first 2xx after the kill is the figure.
 */
export function startDatabaseChaos(ha: AutoFailoverCluster, _cluster: Cluster, stats: LoadStats, loadStart: number, loadMs: number, say: (line: string) => void): Chaos {
  const events: Chaos['events'] = [];
  const failures: string[] = [];
  const note = (what: string) => {
    events.push({ what, atMs: Date.now() - loadStart });
    say(what);
  };

  const run = (async () => {
    await sleepUntil(loadStart + loadMs * 0.25);
    const oldPrimary = await ha.waitForPrimary(10_000);
    const first: Outage = { what: `primary ${oldPrimary.name} killed`, from: Date.now() };
    stats.outages.push(first);
    ha.kill(oldPrimary);
    note(`kill -9 primary ${oldPrimary.name} (port ${oldPrimary.port}): keeper and postmaster`);
    const promoted = await ha.waitForPrimary(NEW_PRIMARY_TIMEOUT_MS, oldPrimary);
    await writable(ha, promoted);
    first.to = Date.now() + RECONNECT_GRACE_MS;
    note(`${promoted.name} is primary and commits, ${((Date.now() - first.from) / 1000).toFixed(1)} s after the kill`);
    for (const line of await ha.eventsSince(new Date(first.from))) say(`  monitor ${line}`);

    await sleepUntil(loadStart + loadMs * 0.55);
    const standby = ha.nodes.find((node) => node !== oldPrimary && node !== promoted);
    if (standby) {
      // The standby rejoins the new primary some seconds after the promotion (join_secondary,
      // catchingup, secondary); only then does the primary wait for it, and only its loss then is
      // the loss of the last synchronous standby. On a --quick run the two moments are close.
      await ha.waitForSynchronousStandby(promoted, standby, NEW_PRIMARY_TIMEOUT_MS);
      const second: Outage = { what: `standby ${standby.name} killed`, from: Date.now() };
      stats.outages.push(second);
      ha.kill(standby);
      note(`kill -9 synchronous standby ${standby.name} of the new primary: commits wait until the monitor lets ${promoted.name} go on alone`);
      await writable(ha, promoted);
      second.to = Date.now() + RECONNECT_GRACE_MS;
      note(`${promoted.name} commits alone, ${((Date.now() - second.from) / 1000).toFixed(1)} s after the kill`);
    }

    await sleepUntil(loadStart + loadMs * 0.65);
    ha.restart(oldPrimary);
    note(`${oldPrimary.name} started again`);
    const deadline = Date.now() + NEW_PRIMARY_TIMEOUT_MS;
    while ((await ha.role(oldPrimary)) !== 'standby') {
      if (Date.now() > deadline) throw new Error(`${oldPrimary.name} did not rejoin as a standby:\n${ha.state()}`);
      await sleepUntil(Date.now() + 250);
    }
    note(`${oldPrimary.name} rejoined as a standby of ${promoted.name}`);
  })().catch(async (error: unknown) => {
    failures.push(`database chaos: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    note('database chaos FAILED');
    // The whole story while the formation still stands: the monitor's view of each node and the keepers' logs.
    say(error instanceof Error ? error.message : String(error));
    say(await ha.explain());
  });

  return { done: run, events, failures, restartedNode: () => undefined };
}

/** Waits until a write commits on `node` within a second: promoted and no longer waiting on a gone standby. */
async function writable(ha: AutoFailoverCluster, node: HaNode): Promise<void> {
  const deadline = Date.now() + NEW_PRIMARY_TIMEOUT_MS;
  for (;;) {
    const sql = postgres(ha.nodeUrl(node), { max: 1, connect_timeout: 1, onnotice: () => {} });
    try {
      // A promoted node stays read-only until the old primary is known to be demoted; then a
      // transactional WAL record's commit waits for the synchronous standby, as an order's does.
      const probe = (async () => {
        const [row] = await sql<{ readOnly: string }[]>`select current_setting('default_transaction_read_only') as "readOnly"`;
        if (row!.readOnly !== 'off') throw new Error('read-only');
        await sql`select pg_logical_emit_message(true, 'corridor-failover-probe', 'x')`;
      })();
      // The probe may still fail after the race is lost (the node restarts under it): that is no fault of the run.
      probe.catch(() => {});
      await Promise.race([probe, new Promise((_, reject) => setTimeout(() => reject(new Error('commit waits')), 1_000))]);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${node.name} took no write within ${NEW_PRIMARY_TIMEOUT_MS / 1000} s:\n${ha.state()}`);
    } finally {
      void sql.end({ timeout: 0 }).catch(() => {});
    }
    await sleepUntil(Date.now() + 200);
  }
}
