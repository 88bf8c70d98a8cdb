/**
 * `npm run ha-cluster`: a pg_auto_failover formation on this machine (a monitor, a primary and a
 * synchronous standby on free ports) for trying failover by hand. It prints the DATABASE_URL to
 * give Corridor and the monitor's view, then waits; Ctrl+C stops every instance and removes the
 * folder. docs/deploy.md, "Failover", has the same topology on three machines.
 *
 *   --standbys=2   a second standby
 *   --async        standbys outside the replication quorum (what a failover can lose: docs/deploy.md)
 */
import { AutoFailoverCluster } from './ha/auto-failover-cluster';

const standbys = process.argv.includes('--standbys=2') ? 2 : 1;
const cluster = await AutoFailoverCluster.create({
  nodes: standbys === 2 ? 3 : 2,
  synchronous: !process.argv.includes('--async'),
  say: (line) => console.log(line),
});
await cluster.createDatabase('corridor');
console.log(`\n${cluster.state()}\n`);
console.log(`DATABASE_URL=${cluster.url('corridor')}`);
console.log(`\nfolder: ${cluster.dir}; Ctrl+C stops the formation and removes it.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster.destroy().finally(() => process.exit(0));
  });
}
setInterval(() => {}, 60_000);
