import { execFile } from 'node:child_process';
import { hkdfSync } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyringText, keyPurposes } from '../../server/crypto/keyring';
import { demoAuthSecret } from '../../server/config/auth-secret';

/**
 * The attack: run Corridor for real money half configured (no keys, demo keys, no session secret,
 * plain http), so secrets end up under public keys or every signed call fails. Every entry point
 * is started as a child process, as an operator would, and must refuse before it listens or
 * touches the database, naming every problem in one message.
 */
const exec = promisify(execFile);
const repo = process.cwd();
// Resolved from the repository: some runs start in a release directory of their own.
const tsxLoader = pathToFileURL(path.join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const realSecrets = {
  CORRIDOR_ENCRYPTION_KEYS: generateKeyringText(),
  AUTH_SECRET: 'x'.repeat(12) + 'a-real-looking-secret-of-32-chars',
  PUBLIC_BASE_URL: 'https://pay.example.com',
};
const unreachableDb = 'postgres://nobody@127.0.0.1:1/none';

let sandbox: string;

beforeAll(async () => {
  sandbox = await mkdtemp(path.join(os.tmpdir(), 'corridor-start-'));
});
afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

async function start(script: string, env: Record<string, string>, cwd = repo) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(CORRIDOR_|DATABASE_URL|AUTH_SECRET|PUBLIC_BASE_URL|NODE_ENV|PGLITE_DIR)/.test(name)),
  );
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', tsxLoader, path.join(repo, 'scripts', script)], {
      cwd,
      env: { ...clean, TSX_TSCONFIG_PATH: path.join(repo, 'tsconfig.json'), PORT: '1', HOST: '127.0.0.1', PGLITE_DIR: path.join(sandbox, 'pglite'), ...env } as unknown as NodeJS.ProcessEnv,
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('production mode refuses to start half configured', () => {
  it.each(['start.ts', 'start-prod.ts', 'worker.ts'])('%s with DATABASE_URL and nothing else names every missing secret', async (script) => {
    const result = await start(script, { DATABASE_URL: unreachableDb });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('production mode');
    expect(result.output).toContain('CORRIDOR_ENCRYPTION_KEYS is not set');
    expect(result.output).toContain('AUTH_SECRET is not set');
    expect(result.output).toContain('PUBLIC_BASE_URL must be an https address');
    expect(result.output).not.toContain('Starting the server');
    expect(result.output).not.toContain('Migrating');
  });

  it('NODE_ENV=production does not change the mode: the same refusal without it', async () => {
    const withNodeEnv = await start('start-prod.ts', { DATABASE_URL: unreachableDb, NODE_ENV: 'production' });
    const without = await start('start-prod.ts', { DATABASE_URL: unreachableDb });
    expect(withNodeEnv.output).toContain('CORRIDOR_ENCRYPTION_KEYS is not set');
    expect(without.output).toContain('CORRIDOR_ENCRYPTION_KEYS is not set');
  });

  it('refuses the public demo keys and the demo session secret pasted into the environment', async () => {
    // The demo's keys are public (derived from a published seed), so anyone could paste them.
    const demoKeys = keyPurposes
      .map((purpose) => `${purpose}:demo:${Buffer.from(hkdfSync('sha256', 'corridor-demo-keys-not-secret', 'corridor', purpose, 32)).toString('base64')}`)
      .join(',');
    const pastedDemo = await start('start-prod.ts', {
      DATABASE_URL: unreachableDb,
      CORRIDOR_ENCRYPTION_KEYS: demoKeys,
      AUTH_SECRET: demoAuthSecret(),
      PUBLIC_BASE_URL: 'https://pay.example.com',
    });
    expect(pastedDemo.code).not.toBe(0);
    expect(pastedDemo.output).toContain('CORRIDOR_ENCRYPTION_KEYS encrypts with the public demo keys');
    expect(pastedDemo.output).toContain('AUTH_SECRET is the public demo secret');
  });

  it('production on the embedded database is refused; the demo there is the default', async () => {
    const result = await start('start-prod.ts', { CORRIDOR_MODE: 'production', ...realSecrets });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('DATABASE_URL is not set');
    const demo = await start('start-prod.ts', {});
    expect(demo.output).toContain('serves production mode only');
  });

  it('start:prod never builds: without a build it says how to make one', async () => {
    const cwd = path.join(sandbox, 'no-build');
    await mkdir(cwd, { recursive: true });
    const result = await start('start-prod.ts', { DATABASE_URL: unreachableDb, ...realSecrets }, cwd);
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('npm run build');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('start:prod never migrates (PostgreSQL)', () => {
  // Vitest still runs a skipped block's body to collect it: on PGlite alone nothing here may need the URL.
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1/unused';
  const name = `corridor_start_${Date.now().toString(36)}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });

  beforeAll(async () => {
    await admin.unsafe(`create database "${name}"`);
  });
  afterAll(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('refuses a database behind the code until `npm run migrate` ran, and touches nothing itself', async () => {
    // A release directory as deployed: the build marker and the migrations, nothing else.
    const cwd = path.join(sandbox, 'release');
    await mkdir(path.join(cwd, '.next'), { recursive: true });
    await writeFile(path.join(cwd, '.next', 'BUILD_ID'), 'test');
    await symlink(path.join(repo, 'db'), path.join(cwd, 'db'));

    const behind = await start('start-prod.ts', { DATABASE_URL: url, ...realSecrets }, cwd);
    expect(behind.code).not.toBe(0);
    expect(behind.output).toMatch(/migration\(s\) behind.*npm run migrate/);
    const probe = postgres(url, { max: 1, onnotice: () => {} });
    const [untouched] = await probe`select to_regclass('public.payout_orders') as t`;
    await probe.end();
    expect(untouched?.t).toBeNull();

    const migrated = await start('migrate.ts', { DATABASE_URL: url, ...realSecrets }, cwd);
    expect(migrated.output).toContain('Migrations applied');
    const after = await start('start-prod.ts', { DATABASE_URL: url, ...realSecrets }, cwd);
    // Past every check: it now fails only because this directory holds no real build for Next.
    expect(after.output).not.toMatch(/behind|production mode|npm run build/);
    // Three process starts, each loading the code: the limit is for a machine busy with the suite, nothing here is timed.
  }, 120_000);
});
