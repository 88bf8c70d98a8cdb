/**
 * `npm run failover-test`: the cluster test's load (3 app nodes, 2 webhook workers, payouts and
 * pay-ins with their timers and webhooks) on a pg_auto_failover formation of a primary and two
 * synchronous standbys, with the database's machines killed under it (scripts/failover/
 * database-chaos.ts). Clients resend every cut or 503 request with the same Idempotency-Key, as
 * docs/api.md asks. It prints the seconds from the kill to the first 2xx and the cluster test's
 * checks: every acknowledged order and state change there once, freezes, timers, events, ledger.
 * Figures: docs/operations.md, "Failover".
 *
 *   --seconds=N   load duration (default 60)
 *   --quick       30 s of load, for CI (results in bench/results/failover-<date>-quick.json)
 *   --async       standbys outside the replication quorum: what an asynchronous standby loses
 * Needs pg_autoctl (apt-get install postgresql-15-auto-failover); as root it runs PostgreSQL as `postgres`.
 */
import './cluster/environment';
import { runClusterAsScript } from './cluster/run-cluster';
import type { Line } from './cluster/report';
import { startDatabaseChaos } from './failover/database-chaos';
import { AutoFailoverCluster } from './ha/auto-failover-cluster';

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = process.argv.includes('--quick');
const synchronous = !process.argv.includes('--async');
const seconds = Number(argument('seconds') ?? (quick ? 30 : 60));
if (!Number.isFinite(seconds) || seconds < 20) throw new Error('--seconds must be a number of at least 20');
/** The failover must serve again within this (docs/operations.md). */
const TARGET_SECONDS = 10;

let ha: AutoFailoverCluster | undefined;

runClusterAsScript({
  name: synchronous ? 'failover' : 'failover-async',
  title: `Failover test: 3 app nodes, 2 webhook workers, a primary and two ${synchronous ? 'synchronous' : 'ASYNCHRONOUS'} standbys (pg_auto_failover)`,
  quick,
  seconds,
  restartsAppNode: false,
  patientClients: true,
  killsDatabase: true,
  database: async (say) => {
    ha = await AutoFailoverCluster.create({ nodes: 3, synchronous, say });
    const name = 'corridor_failover';
    await ha.createDatabase(name);
    const formation = ha;
    return { name: `${name} on ${formation.dir}`, url: formation.url(name), drop: () => formation.destroy() };
  },
  chaos: (cluster, stats, loadStart, loadMs, say) => startDatabaseChaos(ha!, cluster, stats, loadStart, loadMs, say),
  extraLines: (stats): Line[] => {
    const first = stats.outages[0];
    const back = first?.firstOkAt !== undefined ? (first.firstOkAt - first.from) / 1000 : undefined;
    const lines: Line[] = [
      {
        label: `seconds from the primary's kill to the first 2xx (target < ${TARGET_SECONDS} s)`,
        value: back === undefined ? 'never' : back.toFixed(1),
        rule: 'must be ok',
        pass: back !== undefined && back < TARGET_SECONDS,
      },
    ];
    const second = stats.outages[1];
    if (second) {
      const alone = second.firstOkAt !== undefined ? ((second.firstOkAt - second.from) / 1000).toFixed(1) : 'never';
      lines.push({ label: "seconds from the new primary's standby's kill to the first 2xx", value: alone, rule: 'info', pass: true });
    }
    return lines;
  },
});
