import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { migrationStatus } from '../../db/migration-status';
import { isShuttingDown } from './shutdown-state';

export interface Readiness {
  ready: boolean;
  database: 'ok' | 'unreachable';
  pendingMigrations: number | null;
  shuttingDown: boolean;
}

const DATABASE_TIMEOUT_MS = 2_000;

/**
 * What /readyz answers: ready to take traffic when the database answers, its schema is the code's,
 * and the process is not stopping. Cheap: two small statements, bounded by a timeout so a hung
 * database turns into "not ready" rather than a hung probe.
 */
export async function checkReadiness(db: Db): Promise<Readiness> {
  const shuttingDown = isShuttingDown();
  try {
    const pending = await withTimeout(
      (async () => {
        await db.execute(sql`select 1`);
        return (await migrationStatus(db)).pending;
      })(),
      DATABASE_TIMEOUT_MS,
    );
    return { ready: !shuttingDown && pending === 0, database: 'ok', pendingMigrations: pending, shuttingDown };
  } catch {
    return { ready: false, database: 'unreachable', pendingMigrations: null, shuttingDown };
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
