import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { freePort } from '../../tests/operations/spawn-corridor';

/** A webhook retry schedule short enough for a run of minutes (the default waits up to hours). */
const WORKER_RETRY_SCHEDULE_MS = '500,1000,2000,3000,5000,5000,5000,5000,5000,5000';
/** A killed worker's leases run out after this, and another worker takes its deliveries over. */
const WORKER_LEASE_MS = 10_000;

type Role = 'node' | 'worker';

/** One child process: an app node or a webhook worker. A restart is a new incarnation. */
export interface Managed {
  name: string;
  role: Role;
  incarnation: number;
  child: ChildProcess;
  /** App nodes only. */
  port?: number;
  url?: string;
  /** Ready and not killed: the load generator sends to it. */
  alive: boolean;
  startedAt: number;
  killedAt?: number;
  /** Exited without being told to (a crash): the run fails. */
  crashed: boolean;
  /** Still running when SIGTERM's grace ran out, and killed: its graceful stop hung. */
  stopTimedOut?: boolean;
  exited: Promise<number | null>;
  output(): string;
}

const OUTPUT_LIMIT = 64 * 1024;

/** Processes told to stop (SIGTERM at the end, or the cleanup): their exit is not a crash. */
const stopping = new WeakSet<Managed>();

function launch(name: string, role: Role, incarnation: number, script: string, env: Record<string, string>, port?: number): Managed {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Only the tail is kept: it is printed when a process fails to start or crashes.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const managed: Managed = {
    name,
    role,
    incarnation,
    child,
    port,
    url: port ? `http://127.0.0.1:${port}` : undefined,
    alive: false,
    startedAt: Date.now(),
    crashed: false,
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    output: () => output,
  };
  void managed.exited.then(() => {
    if (managed.killedAt === undefined && !stopping.has(managed)) managed.crashed = true;
    managed.alive = false;
  });
  return managed;
}

async function waitFor(target: Managed, ready: () => Promise<boolean>, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (target.child.exitCode !== null || target.child.signalCode !== null) throw new Error(`${target.name} exited before ${what}:\n${target.output()}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${target.name} was not ${what} within ${timeoutMs / 1000} s:\n${target.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Whether a port on 127.0.0.1 can be listened on right now. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The cluster's children on one database: app nodes (`npm start`'s script: API only, scheduler
 * on, in-process webhook worker off) and webhook workers (`npm run worker`'s script). Every
 * process gets a free port of its own; a restarted node gets its old port back when it is free.
 */
export class Cluster {
  /** Every incarnation ever started, for the report; `nodes` and `workers` hold the current ones. */
  readonly history: Managed[] = [];
  readonly nodes: Managed[] = [];
  readonly workers: Managed[] = [];
  private turn = 0;

  constructor(private readonly databaseUrl: string) {}

  async startNode(name: string, port?: number): Promise<Managed> {
    const chosen = port !== undefined && (await portIsFree(port)) ? port : await freePort();
    const previous = this.nodes.findIndex((node) => node.name === name);
    const incarnation = previous >= 0 ? this.nodes[previous]!.incarnation + 1 : 1;
    const node = launch(
      name,
      'node',
      incarnation,
      'scripts/start.ts',
      {
        DATABASE_URL: this.databaseUrl,
        DATABASE_POOL_SIZE: '6',
        CORRIDOR_MODE: 'demo',
        CORRIDOR_PAGES: 'off',
        CORRIDOR_SCHEDULER: 'on',
        CORRIDOR_WEBHOOK_WORKER: 'off',
        HOST: '127.0.0.1',
        PORT: String(chosen),
        LOG_LEVEL: 'warn',
      },
      chosen,
    );
    this.history.push(node);
    if (previous >= 0) this.nodes[previous] = node;
    else this.nodes.push(node);
    await waitFor(
      node,
      async () => {
        try {
          return (await fetch(`${node.url}/readyz`)).status === 200;
        } catch {
          return false;
        }
      },
      'ready',
    );
    node.alive = true;
    return node;
  }

  async startWorker(name: string): Promise<Managed> {
    const previous = this.workers.findIndex((worker) => worker.name === name);
    const incarnation = previous >= 0 ? this.workers[previous]!.incarnation + 1 : 1;
    const worker = launch(name, 'worker', incarnation, 'scripts/worker.ts', {
      DATABASE_URL: this.databaseUrl,
      DATABASE_POOL_SIZE: '4',
      CORRIDOR_MODE: 'demo',
      CORRIDOR_WEBHOOK_ALLOW_PRIVATE: '1',
      CORRIDOR_WORKER_ID: `${name}-${incarnation}`,
      CORRIDOR_WORKER_IDLE_MS: '200',
      CORRIDOR_WEBHOOK_RETRY_SCHEDULE_MS: WORKER_RETRY_SCHEDULE_MS,
      CORRIDOR_WEBHOOK_LEASE_MS: String(WORKER_LEASE_MS),
      // 'webhook worker started' is an info line: it tells that the loop runs.
      LOG_LEVEL: 'info',
    });
    this.history.push(worker);
    if (previous >= 0) this.workers[previous] = worker;
    else this.workers.push(worker);
    await waitFor(worker, async () => worker.output().includes('webhook worker started'), 'started');
    worker.alive = true;
    return worker;
  }

  /** The next live node, round-robin; undefined while none is up. */
  pickNode(): Managed | undefined {
    const live = this.nodes.filter((node) => node.alive);
    if (live.length === 0) return undefined;
    this.turn = (this.turn + 1) % live.length;
    return live[this.turn];
  }

  /** kill -9: no shutdown code runs; whatever it held (requests, leases, transactions) is cut off. */
  async kill9(target: Managed): Promise<void> {
    target.alive = false;
    target.killedAt = Date.now();
    target.child.kill('SIGKILL');
    await target.exited;
  }

  /** SIGTERM to everything still running (the graceful stop), SIGKILL after `graceMs`. */
  async stop(processes: Managed[], graceMs = 20_000): Promise<void> {
    const running = processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    for (const p of running) {
      stopping.add(p);
      p.alive = false;
      p.child.kill('SIGTERM');
    }
    await Promise.all(
      running.map(async (p) => {
        const timer = setTimeout(() => {
          p.stopTimedOut = true;
          p.child.kill('SIGKILL');
        }, graceMs);
        await p.exited;
        clearTimeout(timer);
      }),
    );
  }

  /** On any failure or SIGINT: nothing is left running. */
  killAll(): void {
    for (const p of this.history) {
      if (p.child.exitCode === null && p.child.signalCode === null) {
        stopping.add(p);
        p.child.kill('SIGKILL');
      }
    }
  }
}
