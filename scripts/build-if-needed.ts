import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// What a production build is made from; a file here newer than the build means it is stale.
const SOURCES = ['app', 'server', 'db', 'config', 'common', 'clients', 'next.config.mjs', 'package-lock.json', 'tsconfig.json', 'proxy.ts'];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

/** Why a build is needed, or null when the existing one is current. */
export function buildNeeded(root: string): string | null {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return 'no production build yet';
  const builtAt = statSync(buildId).mtimeMs;
  const changed = SOURCES.find((source) => newestChange(path.join(root, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

/**
 * Runs `next build`, streaming its progress to this terminal, as `npm start`'s build
 * (CORRIDOR_START_BUILD, next.config.mjs): types are not checked (CI's `npm run typecheck` checks
 * them, and `npm run build` for a release) and Turbopack's cache is not written to disk, so that a
 * newcomer's first start only compiles.
 */
export function runBuild(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CORRIDOR_START_BUILD: '1' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build exited with ${code}`))));
  });
}
