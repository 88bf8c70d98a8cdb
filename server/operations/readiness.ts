import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { migrationStatus } from '../../db/migration-status';
import { isShuttingDown } from './shutdown-state';

export interface Readiness {
  ready: boolean;
  /** standby: the connection reached a node in recovery, which takes no writes (docs/deploy.md, "Failover"). */
  database: 'ok' | 'standby' | 'unreachable';
  pendingMigrations: number | null;
  shuttingDown: boolean;
}

const DATABASE_TIMEOUT_MS = 2_000;

/**
 * What /readyz answers: ready to take traffic when the database's primary answers (not a standby:
 * a node left on one after a failover must not take traffic), its schema is the code's,
 * and the process is not stopping. Cheap: two small statements, bounded by a timeout so a hung
 * database turns into "not ready" rather than a hung probe.
 */
export async function checkReadiness(db: Db): Promise<Readiness> {
  const shuttingDown = isShuttingDown();
  try {
    const status = await withTimeout(
      (async () => {
        const [row] = rowsOf<{ standby: boolean }>(await db.execute(sql`select pg_is_in_recovery() as standby`));
        return { standby: row?.standby === true, pending: (await migrationStatus(db)).pending };
      })(),
      DATABASE_TIMEOUT_MS,
    );
    if (status.standby) return { ready: false, database: 'standby', pendingMigrations: status.pending, shuttingDown };
    return { ready: !shuttingDown && status.pending === 0, database: 'ok', pendingMigrations: status.pending, shuttingDown };
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
