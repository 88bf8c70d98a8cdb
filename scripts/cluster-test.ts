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
import { startChaos } from './cluster/chaos';
import { createClusterDatabase } from './cluster/database';
import { runClusterAsScript } from './cluster/run-cluster';

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = process.argv.includes('--quick');
const seconds = Number(argument('seconds') ?? (quick ? 15 : 60));
if (!Number.isFinite(seconds) || seconds < 5) throw new Error('--seconds must be a number of at least 5');
const adminUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

runClusterAsScript({
  name: 'cluster',
  title: 'Cluster test: 3 app nodes, 2 webhook workers, one PostgreSQL',
  quick,
  seconds,
  restartsAppNode: true,
  database: () => createClusterDatabase(adminUrl),
  chaos: startChaos,
});
