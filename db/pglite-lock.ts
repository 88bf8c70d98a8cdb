import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A PGlite data directory has exactly one owner process; a second one would corrupt it. This lock
 * file beside the directory turns that into a clear error (e.g. the CLI while `npm start` runs).
 */
export function lockPgliteDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  if (existsSync(lockFile)) {
    const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner} (probably \`npm start\`). ` +
          'Stop that process first, or set DATABASE_URL to use PostgreSQL, which any number of processes can share.',
      );
    }
  }
  mkdirSync(path.dirname(lockFile), { recursive: true });
  writeFileSync(lockFile, String(process.pid));
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (readFileSync(lockFile, 'utf8') === String(process.pid)) rmSync(lockFile);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
