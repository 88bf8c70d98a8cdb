import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { connect, rowsOf } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { migrationStatus } from '../../db/migration-status';
import { checkLedgerInvariants } from '../../server/ledger';
import { merchantWithBalance } from '../../tests/fixtures/parties';
import { freePort } from '../../tests/operations/spawn-corridor';
import { chownToPostgres, mustRunAsPostgres } from '../ha/postgres-user';
import { ledgerFingerprint, type LedgerFingerprint } from './ledger-fingerprint';

export interface PointInTimeResult {
  ok: boolean;
  /** The moment recovered to: after the first merchants' credits, before the later ones. */
  target: string;
  /** WAL segments the archive held when the primary was lost. */
  archivedSegments: number;
  baseBackupSeconds: number;
  /** From starting the restored instance to it taking writes: replaying the archive is most of a restore's time. */
  recoverySeconds: number;
  atTarget: LedgerFingerprint;
  restored: LedgerFingerprint;
  /** Made after the target: must be absent from the restored database. */
  laterMerchantPresent: boolean;
  pendingMigrations: number;
  invariantsOk: boolean;
}

/**
 * Point-in-time recovery, end to end on this machine (docs/deploy.md, "Backups"): a PostgreSQL
 * instance with WAL archiving, a base backup, money moved, a chosen moment, more money moved, the
 * instance lost; then the base backup restored and the archive replayed to the chosen moment. The
 * restored database must hold exactly what was there at that moment: the same orders, transfers and
 * every balance, the ledger invariants, and nothing made later.
 */
export async function pointInTimeDrill(): Promise<PointInTimeResult> {
  const dir = mkdtempSync('/tmp/corridor-pitr-');
  const archive = path.join(dir, 'archive');
  mkdirSync(archive);
  chownToPostgres(dir, archive);
  const primary = path.join(dir, 'primary');
  const restoredDir = path.join(dir, 'restored');
  const started: string[] = [];
  try {
    const port = await freePort();
    mustRunAsPostgres('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync']);
    appendFileSync(
      path.join(primary, 'postgresql.conf'),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'archive_mode = on',
        // Never overwrite a segment already archived: a second copy under the same name is a bug. The
        // copy is renamed into place, so a copy cut short (the machine lost mid-way) is never read as a segment.
        `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f.part && mv ${archive}/%f.part ${archive}/%f'`,
        // A quiet database still archives its last writes within a minute: the RPO of the archive alone.
        'archive_timeout = 60',
        'fsync = off',
      ].join('\n') + '\n',
    );
    startOrExplain(primary, path.join(dir, 'primary.log'));
    started.push(primary);
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const url = `postgres://postgres@127.0.0.1:${port}/corridor`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin`create database corridor`;
    await migrateDatabase({ url });

    let clock = performance.now();
    mustRunAsPostgres('pg_basebackup', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-D', path.join(dir, 'base'), '-X', 'fetch', '--checkpoint=fast', '--no-sync']);
    const baseBackupSeconds = (performance.now() - clock) / 1000;

    // Money moves after the base backup: only the archive can bring it back.
    const database = connect({ url, maxConnections: 2 });
    for (let i = 0; i < 5; i += 1) await merchantWithBalance(database.db, `${100 + i}.000000`);
    const [{ at }] = rowsOf<{ at: string }>(await database.db.execute(sql`select clock_timestamp()::text as at`)) as [{ at: string }];
    const atTarget = await ledgerFingerprint(connect({ url, maxConnections: 1 }));
    // The commits before the target and those after it must be told apart by their commit times.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const later = await merchantWithBalance(database.db, '999.000000');
    await database.close();

    // Everything is archived, then the machine is lost.
    const [closed] = await admin<{ segment: string }[]>`select pg_walfile_name(pg_switch_wal()) as segment`;
    await waitForArchive(admin, closed!.segment);
    await admin.end();
    mustRunAsPostgres('pg_ctl', ['-D', primary, '-m', 'immediate', 'stop']);
    started.pop();
    const archivedSegments = readdirSync(archive).filter((name) => /^[0-9A-F]{24}$/.test(name)).length;

    // The restore: the base backup, told to replay the archive up to the target and then take writes.
    mustRunAsPostgres('cp', ['-a', path.join(dir, 'base'), restoredDir]);
    let restoredPort = await freePort();
    mustRunAsPostgres('sh', [
      '-c',
      `cat >> ${restoredDir}/postgresql.conf <<'CONF'
port = ${restoredPort}
restore_command = 'cp ${archive}/%f %p'
recovery_target_time = '${at}'
recovery_target_action = 'promote'
archive_mode = off
CONF
touch ${restoredDir}/recovery.signal`,
    ]);
    clock = performance.now();
    // A free port may be taken by another process before the server binds it: then a new one, twice at most.
    for (let attempt = 1; ; attempt += 1) {
      try {
        startOrExplain(restoredDir, path.join(dir, 'restored.log'));
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        restoredPort = await freePort();
        mustRunAsPostgres('sh', ['-c', `echo "port = ${restoredPort}" >> ${restoredDir}/postgresql.conf`]);
      }
    }
    started.push(restoredDir);
    const restoredUrl = `postgres://postgres@127.0.0.1:${restoredPort}/corridor`;
    await waitForPromotion(restoredUrl);
    const recoverySeconds = (performance.now() - clock) / 1000;

    const check = connect({ url: restoredUrl, maxConnections: 1 });
    const pendingMigrations = (await migrationStatus(check.db)).pending;
    const invariantsOk = (await checkLedgerInvariants(check.db)).ok;
    const [presence] = rowsOf<{ n: number }>(await check.db.execute(sql`select count(*)::int as n from merchants where id = ${later.merchantId}`));
    await check.close();
    const restored = await ledgerFingerprint(connect({ url: restoredUrl, maxConnections: 1 }));
    const laterMerchantPresent = (presence?.n ?? 0) > 0;
    return {
      ok: pendingMigrations === 0 && invariantsOk && !laterMerchantPresent && JSON.stringify(restored) === JSON.stringify(atTarget),
      target: at,
      archivedSegments,
      baseBackupSeconds,
      recoverySeconds,
      atTarget,
      restored,
      laterMerchantPresent,
      pendingMigrations,
      invariantsOk,
    };
  } finally {
    for (const pgdata of started.reverse()) {
      try {
        mustRunAsPostgres('pg_ctl', ['-D', pgdata, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pg_ctl start; a refusal comes with the server's own last words, which say why. */
function startOrExplain(pgdata: string, logFile: string): void {
  try {
    mustRunAsPostgres('pg_ctl', ['-D', pgdata, '-l', logFile, '-w', '-t', '120', 'start']);
  } catch (error) {
    let tail = '';
    try {
      tail = readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
    } catch {
      // no log written
    }
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail}`);
  }
}

/**
 * Waits until `segment`, the one the switch closed (pg_switch_wal's end, whose file name is the
 * closed segment's), has reached the archive: then so has every write before it. The current
 * position would not do: right after a switch it sits on a segment boundary, which
 * pg_walfile_name names as the closed segment, one too early to wait for its predecessor.
 */
async function waitForArchive(admin: postgres.Sql, segment: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await admin<{ last: string | null; failed: number }[]>`select last_archived_wal as last, failed_count::int as failed from pg_stat_archiver`;
    if (row?.last && row.last >= segment) return;
    if (Date.now() > deadline) throw new Error(`the archive did not receive the last segment (archiver failures: ${row?.failed ?? '?'})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitForPromotion(url: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      const [row] = await sql<{ recovery: boolean }[]>`select pg_is_in_recovery() as recovery`;
      if (row && !row.recovery) return;
    } catch {
      // still starting or replaying
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {});
    }
    if (Date.now() > deadline) throw new Error('the restored instance did not finish its recovery within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
