import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '../../tests/operations/spawn-corridor';
import { asRoot, chownToPostgres, PG_BIN, runAsPostgres, type Ran } from './postgres-user';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A pg_auto_failover formation on one machine (docs/deploy.md, "Failover"): a monitor and two or
 * three PostgreSQL nodes, each run by its own `pg_autoctl` keeper on a free port, replicating
 * synchronously (or not, to show what that would lose). For `npm run ha-cluster` and
 * `npm run failover-test`; the same topology on three machines is in docs/deploy.md.
 *
 * PostgreSQL and pg_autoctl refuse to run as root: as root, every command runs as `postgres`.
 * XDG_* point inside the cluster's folder, so nothing of a run is left in a home directory.
 */

/**
 * The monitor's health checks, tuned for seconds (the defaults take about 30 s to fail over): a
 * node checked every half second that fails twice and has not reported for 1 s is unhealthy (a
 * busy node still answers its checks, within 3 s, so the failed checks are what tell), and the
 * monitor waits 3 s for the old primary to demote itself before the promoted standby takes writes
 * (until then it is read-only). Each keeper gives up a primary it cannot confirm with the monitor
 * or a standby after 2 s (network_partition_timeout), inside the monitor's 3 s, so two primaries
 * never take writes at once.
 */
const MONITOR_SETTINGS: Record<string, string> = {
  'pgautofailover.health_check_period': '500',
  // A dead node refuses at once; a busy one may take seconds to answer, and is not dead.
  'pgautofailover.health_check_timeout': '3000',
  'pgautofailover.health_check_max_retries': '1',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '1000',
  'pgautofailover.primary_demote_timeout': '3000',
};
const KEEPER_SETTINGS: Record<string, string> = {
  'timeout.network_partition_timeout': '2',
};

export interface HaNode {
  name: string;
  port: number;
  pgdata: string;
  keeper?: ChildProcess;
}

export interface HaClusterOptions {
  /** Data nodes: a primary and one or two standbys. */
  nodes?: 2 | 3;
  /** false: standbys leave the replication quorum, so a commit does not wait for any of them. */
  synchronous?: boolean;
  /** Printed progress; quiet when absent. */
  say?: (line: string) => void;
}

export class AutoFailoverCluster {
  readonly nodes: HaNode[] = [];
  private monitor?: HaNode;
  private readonly env: NodeJS.ProcessEnv;

  private constructor(
    readonly dir: string,
    private readonly say: (line: string) => void,
  ) {
    this.env = {
      ...process.env,
      PATH: `${PG_BIN}:${process.env.PATH ?? ''}`,
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      XDG_DATA_HOME: path.join(dir, 'share'),
      XDG_RUNTIME_DIR: path.join(dir, 'run'),
      PGHOST: '127.0.0.1',
    };
  }

  /**
   * A new formation in a fresh folder under the system's temporary directory. One that has not
   * settled in time is destroyed, with the monitor's view of why printed, and made once more: the
   * formation is the stage of the failover tests, not what they test, and on a busy machine a
   * standby has once stayed in catchingup for minutes.
   */
  static async create(options: HaClusterOptions = {}): Promise<AutoFailoverCluster> {
    requireTools();
    try {
      return await AutoFailoverCluster.createOnce(options, FIRST_STEADY_STATE_MS);
    } catch (error) {
      if (!(error instanceof FormationUnsettled)) throw error;
      console.warn(`a new formation did not settle within ${FIRST_STEADY_STATE_MS / 1000} s; making it again:\n${error.message}`);
      return AutoFailoverCluster.createOnce(options, STEADY_STATE_MS);
    }
  }

  private static async createOnce(options: HaClusterOptions, settleMs: number): Promise<AutoFailoverCluster> {
    const dir = mkdtempSync('/tmp/corridor-ha-');
    const cluster = new AutoFailoverCluster(dir, options.say ?? (() => {}));
    for (const sub of ['config', 'share', 'run']) mkdirSync(path.join(dir, sub), { recursive: true });
    chownToPostgres(...['', 'config', 'share', 'run'].map((sub) => path.join(dir, sub)));
    try {
      await cluster.startMonitor();
      const count = options.nodes ?? 2;
      for (let index = 1; index <= count; index += 1) await cluster.addNode(`node${index}`);
      if (count > 2 || options.synchronous === false) {
        // The monitor raises number_sync_standbys to 1 when a second standby joins, and with 1 a
        // primary that has lost both standbys blocks every commit until one is back. At 0 a commit
        // still waits for one standby (ANY 1) while either is healthy, and a primary left with none
        // goes on alone (wait_primary): docs/deploy.md, "Failover".
        await cluster.waitForSteadyState(settleMs);
        cluster.autoctl(['set', 'formation', 'number-sync-standbys', '0', '--pgdata', cluster.nodes[0]!.pgdata]);
      }
      // Asynchronous: no node in the quorum either, so a commit never waits for a standby.
      if (options.synchronous === false) {
        for (const node of cluster.nodes.slice(1)) cluster.autoctl(['set', 'node', 'replication-quorum', 'false', '--pgdata', node.pgdata]);
      }
      await cluster.waitForPrimary(60_000);
      await cluster.waitForStandbys(count - 1, 60_000);
      await cluster.waitForSteadyState(settleMs);
      return cluster;
    } catch (error) {
      await cluster.destroy();
      throw error;
    }
  }

  /** The application's connection string: every node, the primary chosen by the driver. */
  url(database = 'postgres'): string {
    const hosts = this.nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
    return `postgres://postgres@${hosts}/${database}?target_session_attrs=primary`;
  }

  /** One node's own connection string (admin checks). */
  nodeUrl(node: HaNode, database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${node.port}/${database}`;
  }

  /** The node that takes writes now, asked of the nodes themselves; undefined while there is none. */
  async primary(): Promise<HaNode | undefined> {
    for (const node of this.nodes) {
      if ((await this.role(node)) === 'primary') return node;
    }
    return undefined;
  }

  /** 'primary' only when the node is out of recovery and accepts a write now. */
  async role(node: HaNode): Promise<'primary' | 'standby' | 'down'> {
    const sql = postgres(this.nodeUrl(node), { max: 1, connect_timeout: 1, idle_timeout: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ recovery: boolean }[]>`select pg_is_in_recovery() as recovery`;
      if (row!.recovery) return 'standby';
      // A promoted node still waiting for the old primary's demotion holds commits: not yet writable.
      await sql.begin(async (tx) => {
        await tx`set local statement_timeout = 500`;
        await tx`select txid_current()`;
      });
      return 'primary';
    } catch {
      return 'down';
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {});
    }
  }

  async waitForPrimary(timeoutMs: number, not?: HaNode): Promise<HaNode> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await this.primary();
      if (found && found !== not) return found;
      if (Date.now() > deadline) throw new Error(`no primary within ${timeoutMs / 1000} s:\n${this.state()}`);
      await sleep(200);
    }
  }

  /** Waits until the primary reports `count` standbys streaming (synchronous or async, as configured). */
  async waitForStandbys(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const primary = await this.primary();
      if (primary) {
        const sql = postgres(this.nodeUrl(primary), { max: 1, connect_timeout: 2, onnotice: () => {} });
        try {
          const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_replication where state = 'streaming'`;
          if (row!.n >= count) return;
        } catch {
          // asked again below
        } finally {
          await sql.end({ timeout: 1 }).catch(() => {});
        }
      }
      if (Date.now() > deadline) throw new Error(`${count} standby(s) not streaming within ${timeoutMs / 1000} s:\n${this.state()}`);
      await sleep(250);
    }
  }

  /**
   * Waits until the monitor sees every node where it wants it, one primary and the rest secondary:
   * a standby still catching up is no failover candidate, and a kill before then would find none.
   */
  async waitForSteadyState(timeoutMs: number): Promise<void> {
    const sql = postgres(`postgres://postgres@127.0.0.1:${this.monitor!.port}/pg_auto_failover`, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await retryUntil(timeoutMs, 'the formation to settle', async () => {
        const rows = await sql<{ reported: string; goal: string }[]>`select reportedstate::text as reported, goalstate::text as goal from pgautofailover.node`;
        const settled = rows.length === this.nodes.length && rows.every((row) => row.reported === row.goal && (row.goal === 'primary' || row.goal === 'secondary'));
        if (!settled) throw new Error(rows.map((row) => `${row.reported}->${row.goal}`).join(', '));
      });
    } catch (error) {
      // A formation that will not settle is rare and gone once destroyed: say why while it is here.
      throw new FormationUnsettled(`${error instanceof Error ? error.message : String(error)}\n${await this.explain()}`);
    } finally {
      await sql.end();
    }
  }

  /**
   * Waits until the monitor has `primary` in the primary state and `standby` in the secondary state:
   * then `standby` is in the primary's synchronous_standby_names and a commit waits for it. Until
   * then (join_secondary, catchingup) it is neither in the quorum nor a failover candidate, and the
   * primary (in wait_primary) does not wait for it, so losing it would test nothing.
   */
  async waitForSynchronousStandby(primary: HaNode, standby: HaNode, timeoutMs: number): Promise<void> {
    const sql = postgres(`postgres://postgres@127.0.0.1:${this.monitor!.port}/pg_auto_failover`, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await retryUntil(timeoutMs, `${standby.name} to be the synchronous standby of ${primary.name}`, async () => {
        const rows = await sql<{ name: string; reported: string; goal: string }[]>`
          select nodename as name, reportedstate::text as reported, goalstate::text as goal
          from pgautofailover.node where nodename in (${primary.name}, ${standby.name})`;
        const at = (node: HaNode, state: string) => rows.some((row) => row.name === node.name && row.reported === state && row.goal === state);
        if (!at(primary, 'primary') || !at(standby, 'secondary')) throw new Error(rows.map((row) => `${row.name} ${row.reported}->${row.goal}`).join(', '));
      });
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {});
    }
  }

  /**
   * What the monitor knows of each node (the conditions of its next move: health check, last report,
   * reported LSN and timeline), its last events, and the end of each keeper's log.
   */
  async explain(): Promise<string> {
    const parts: string[] = [];
    const sql = postgres(`postgres://postgres@127.0.0.1:${this.monitor?.port ?? 0}/pg_auto_failover`, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      const nodes = await sql<Record<string, unknown>[]>`
        select nodename, reportedstate::text as reported, goalstate::text as goal, health, reportedpgisrunning as running,
               reportedlsn::text as lsn, reportedtli as tli, reportedrepstate as repstate,
               round(extract(epoch from now() - reporttime)::numeric, 1) as report_age_s,
               round(extract(epoch from now() - healthchecktime)::numeric, 1) as health_age_s
        from pgautofailover.node order by nodeid`;
      parts.push('monitor nodes:', ...nodes.map((row) => `  ${JSON.stringify(row)}`));
      const events = await sql<{ at: Date; description: string }[]>`
        select eventtime as at, description from pgautofailover.event order by eventid desc limit 8`;
      parts.push('last events:', ...events.reverse().map((row) => `  ${row.at.toISOString()} ${row.description}`));
      // The health checks are the monitor's own background worker: whether it runs, and what it waits on.
      const workers = await sql<Record<string, unknown>[]>`
        select pid, application_name as app, state, wait_event_type, wait_event, backend_start, xact_start,
               (select count(*)::int from pg_locks where not granted) as waiting_locks
        from pg_stat_activity where application_name like 'pg_auto_failover%'`;
      parts.push('monitor workers:', ...workers.map((row) => `  ${JSON.stringify(row)}`));
    } catch (error) {
      parts.push(`monitor unreadable: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {});
    }
    for (const node of [...(this.monitor ? [this.monitor] : []), ...this.nodes]) {
      parts.push(`${node.name}.log (end):`, ...tail(path.join(this.dir, `${node.name}.log`), 12).map((line) => `  ${line}`));
    }
    return parts.join('\n');
  }

  /** The monitor's state changes since `since`, one line each with its offset in seconds: where a failover's time went. */
  async eventsSince(since: Date): Promise<string[]> {
    const sql = postgres(`postgres://postgres@127.0.0.1:${this.monitor!.port}/pg_auto_failover`, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      const rows = await sql<{ at: Date; node: string; reported: string; goal: string }[]>`
        select eventtime as at, nodename as node, reportedstate::text as reported, goalstate::text as goal
        from pgautofailover.event where eventtime >= ${since} order by eventid`;
      return rows.map((row) => `+${((row.at.getTime() - since.getTime()) / 1000).toFixed(1)} s ${row.node}: ${row.reported} -> ${row.goal}`);
    } finally {
      await sql.end();
    }
  }

  /** Makes a database on the primary; the standbys receive it by replication. */
  async createDatabase(name: string): Promise<void> {
    const primary = await this.waitForPrimary(30_000);
    const sql = postgres(this.nodeUrl(primary), { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(`create database "${name}"`);
    } finally {
      await sql.end();
    }
  }

  /**
   * The machine dies: kill -9 its keeper and its postmaster together (the keeper alone would start
   * a killed postmaster again, which is a restart, not a failover), and the postmaster's children:
   * each is in a session of its own, and one that missed its postmaster's death (the monitor's
   * health-check worker once did) went on running, and using the machine, after its formation was gone.
   */
  kill(node: HaNode): void {
    const postmaster = postmasterPid(node.pgdata);
    const pids = [node.keeper?.pid ? -node.keeper.pid : undefined, postmaster, ...childrenOf(postmaster)].filter((pid): pid is number => pid !== undefined);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    node.keeper = undefined;
  }

  /** The machine comes back: its keeper rejoins the formation, as a standby of whoever is primary. */
  restart(node: HaNode): void {
    node.keeper = this.spawnKeeper(['run', '--pgdata', node.pgdata], `${node.name}.log`);
  }

  /** The monitor's view, for reports and errors. */
  state(): string {
    if (!this.monitor) return '(no monitor)';
    const shown = this.autoctlOutput(['show', 'state', '--pgdata', this.monitor.pgdata]);
    return shown.trim();
  }

  async destroy(): Promise<void> {
    for (const node of [...this.nodes, ...(this.monitor ? [this.monitor] : [])]) this.kill(node);
    await sleep(300);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async startMonitor(): Promise<void> {
    const port = await freePort();
    const monitor: HaNode = { name: 'monitor', port, pgdata: path.join(this.dir, 'monitor') };
    monitor.keeper = this.spawnKeeper(
      ['create', 'monitor', '--pgdata', monitor.pgdata, '--pgport', String(port), '--auth', 'trust', '--no-ssl', '--hostname', '127.0.0.1', '--run'],
      'monitor.log',
    );
    this.monitor = monitor;
    const sql = postgres(`postgres://postgres@127.0.0.1:${port}/pg_auto_failover`, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await retryUntil(30_000, 'the monitor to start', async () => {
        await sql`select 1 from pgautofailover.node limit 1`;
      });
      for (const [name, value] of Object.entries(MONITOR_SETTINGS)) await sql.unsafe(`alter system set ${name} = '${value}'`);
      await sql`select pg_reload_conf()`;
    } finally {
      await sql.end();
    }
    this.say(`monitor on port ${port}`);
  }

  private async addNode(name: string): Promise<void> {
    const port = await freePort();
    const node: HaNode = { name, port, pgdata: path.join(this.dir, name) };
    const monitorUrl = `postgres://autoctl_node@127.0.0.1:${this.monitor!.port}/pg_auto_failover?sslmode=disable`;
    this.nodes.push(node);
    // Made first (registered, and the second cloned from the first), set, and only then run: a
    // `config set` beside a running keeper reads and rewrites the file the keeper is writing, and
    // once wrote it back without the node's group, which stopped that keeper for good.
    await this.keeperCommand(
      ['create', 'postgres', '--pgdata', node.pgdata, '--pgport', String(port), '--auth', 'trust', '--no-ssl', '--hostname', '127.0.0.1', '--name', name, '--monitor', monitorUrl],
      `${name}.log`,
      120_000,
    );
    for (const [key, value] of Object.entries(KEEPER_SETTINGS)) this.autoctl(['config', 'set', '--pgdata', node.pgdata, key, value]);
    node.keeper = this.spawnKeeper(['run', '--pgdata', node.pgdata], `${name}.log`);
    // One node at a time: the second joins as the first's standby.
    await retryUntil(90_000, `${name} to join`, async () => {
      const role = await this.role(node);
      if (role === 'down') throw new Error(`${name} is not up yet`);
      if (this.nodes.length > 1 && role !== 'standby') throw new Error(`${name} is not a standby yet`);
    });
    this.say(`${name} on port ${port}`);
  }

  /** A pg_autoctl command run to its end, its output in the node's log; one that outlasts `timeoutMs` is killed. */
  private async keeperCommand(args: string[], logName: string, timeoutMs: number): Promise<void> {
    const child = this.spawnKeeper(args, logName);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    const code = await exited.finally(() => clearTimeout(timer));
    if (code !== 0) {
      throw new Error(`pg_autoctl ${args.slice(0, 2).join(' ')} ended with ${code ?? 'a kill'}:\n${tail(path.join(this.dir, logName), 20).join('\n')}`);
    }
  }

  private spawnKeeper(args: string[], logName: string): ChildProcess {
    const log = path.join(this.dir, logName);
    const command = `exec pg_autoctl ${args.map(shellQuote).join(' ')} >> ${shellQuote(log)} 2>&1`;
    // Its own process group: killing the group takes the keeper's helpers with it.
    const child = asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', 'env', `PATH=${this.env.PATH}`, ...Object.entries(this.keeperEnv()).map(([k, v]) => `${k}=${v}`), 'sh', '-c', command], { detached: true, stdio: 'ignore' })
      : spawn('sh', ['-c', command], { detached: true, stdio: 'ignore', env: this.env });
    child.unref();
    return child;
  }

  private autoctl(args: string[]): void {
    const output = this.run(args);
    if (output.status !== 0) throw new Error(`pg_autoctl ${args.join(' ')} failed: ${output.stderr}`);
  }

  private autoctlOutput(args: string[]): string {
    const output = this.run(args);
    return output.status === 0 ? output.stdout : output.stderr;
  }

  private run(args: string[]): Ran {
    return runAsPostgres('pg_autoctl', args, this.keeperEnv());
  }

  /** What the keeper reads: its folders (PATH is added by runAsPostgres). */
  private keeperEnv(): Record<string, string> {
    return Object.fromEntries(['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_RUNTIME_DIR', 'PGHOST'].map((name) => [name, this.env[name] ?? '']));
  }
}

function requireTools(): void {
  const found = spawnSync('pg_autoctl', ['--version'], { encoding: 'utf8' });
  if (found.status !== 0) throw new Error('pg_autoctl is missing: apt-get install postgresql-15-auto-failover (docs/deploy.md, "Failover")');
  if (!existsSync(path.join(PG_BIN, 'pg_ctl'))) throw new Error(`PostgreSQL's programs are not in ${PG_BIN}: set PG_BIN`);
}

function postmasterPid(pgdata: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** A process's children (Linux's /proc); none when it is gone. */
function childrenOf(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function tail(file: string, lines: number): string[] {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines);
  } catch {
    return ['(no log)'];
  }
}

function shellQuote(value: string): string {
  return `'${value.replaceAll("'", "'\\''")}'`;
}


/**
 * How long a formation may take to settle: a standby's base backup and catch-up on a machine busy
 * with other tests took over 90 s once. A new one gets the first bound, then is made again.
 */
const STEADY_STATE_MS = 180_000;
const FIRST_STEADY_STATE_MS = 100_000;

/** The monitor did not see one primary and secondaries in time; the message says what it saw. */
class FormationUnsettled extends Error {}

async function retryUntil(timeoutMs: number, what: string, attempt: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${error instanceof Error ? error.message : String(error)}`);
      await sleep(300);
    }
  }
}
