/**
 * `npm run lock:complete`: puts back the other platforms' optional native packages (Next's SWC
 * binaries, the resolver bindings) that npm leaves out of package-lock.json when the registry it
 * resolved against does not serve them. Without them `npm ci` refuses the lock as out of sync. Each
 * entry names its version, os and cpu, so npm skips it on every other platform without fetching it.
 * Run it after any `npm install` that rewrites the lock; CI's `npm ci` fails until you do.
 */
import { readFileSync, writeFileSync } from 'node:fs';

type Entry = { version?: string; license?: string; optionalDependencies?: Record<string, string>; [key: string]: unknown };

const PLATFORM = /(darwin|win32|linux|android|freebsd|openharmony)-(arm64|x64|ia32|arm|loong64|ppc64|riscv64|s390x)/;

export function completeLock(lock: { packages: Record<string, Entry> }): number {
  let added = 0;
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      const platform = PLATFORM.exec(name);
      if (lock.packages[key] || !platform || !path.startsWith('node_modules/')) continue;
      const [, os, cpu] = platform;
      const libc = os === 'linux' ? { libc: [name.includes('musl') ? 'musl' : 'glibc'] } : {};
      lock.packages[key] = { version, cpu: [cpu], license: entry.license ?? 'MIT', optional: true, os: [os], ...libc };
      added += 1;
    }
  }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
  return added;
}

if (process.argv[1]?.endsWith('complete-lock.ts')) {
  const file = 'package-lock.json';
  const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> };
  const added = completeLock(lock);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(added ? `Added ${added} optional platform packages to ${file}.` : `${file} is complete.`);
}
