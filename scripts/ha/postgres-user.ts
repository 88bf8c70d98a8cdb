import { spawnSync } from 'node:child_process';
import { chownSync } from 'node:fs';
import { userInfo } from 'node:os';

/**
 * PostgreSQL's programs (initdb, pg_ctl, pg_autoctl) refuse to run as root. A drill or formation
 * started as root runs them as the `postgres` user, in folders handed to that user; started as
 * anyone else, they run as that user.
 */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export const asRoot = userInfo().uid === 0;

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a PostgreSQL program to its end; `env` holds the only variables it gets besides PATH. */
export function runAsPostgres(program: string, args: string[], env: Record<string, string> = {}): Ran {
  const path = `${PG_BIN}:${process.env.PATH ?? ''}`;
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', 'env', `PATH=${path}`, ...Object.entries(env).map(([k, v]) => `${k}=${v}`), program, ...args], { encoding: 'utf8' })
    : spawnSync(program, args, { encoding: 'utf8', env: { ...process.env, PATH: path, ...env } });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** Like runAsPostgres, but a failure throws with the program's own words. */
export function mustRunAsPostgres(program: string, args: string[], env: Record<string, string> = {}): string {
  const ran = runAsPostgres(program, args, env);
  if (ran.status !== 0) throw new Error(`${program} ${args.join(' ')} failed: ${ran.stderr.trim() || ran.stdout.trim()}`);
  return ran.stdout;
}

/** Hands folders to the user the programs run as (a no-op unless root). */
export function chownToPostgres(...paths: string[]): void {
  if (!asRoot) return;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  for (const path of paths) chownSync(path, uid, gid);
}
