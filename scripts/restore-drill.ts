/**
 * `npm run restore-drill`: the backup and restore drill of docs/deploy.md, runnable any day.
 * Dumps DATABASE_URL with pg_dump (custom format, one consistent snapshot), restores the dump into
 * a new database beside it with pg_restore, and proves the copy: migrations current, ledger
 * invariants hold, and the same orders, transfers and balances as the source had in the dump's
 * snapshot. The restored database is dropped afterwards unless --keep is given.
 *
 *   DATABASE_URL=postgres://... npm run restore-drill [-- --keep] [-- --dump-file=path]
 *
 * `npm run restore-drill -- --point-in-time` runs the point-in-time drill instead, on an instance of
 * its own (scripts/restore/point-in-time-drill.ts): WAL archive, base backup, replay to a moment.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { connect } from '../db/client';
import { migrationStatus } from '../db/migration-status';
import { checkLedgerInvariants } from '../server/ledger';
import { ledgerFingerprint, type LedgerFingerprint } from './restore/ledger-fingerprint';
import { pointInTimeDrill } from './restore/point-in-time-drill';

const run = promisify(execFile);

export interface DrillResult {
  ok: boolean;
  dumpBytes: number;
  dumpSeconds: number;
  restoreSeconds: number;
  restoredDatabase: string;
  source: LedgerFingerprint;
  restored: LedgerFingerprint;
  pendingMigrations: number;
  invariantsOk: boolean;
}

export async function restoreDrill(sourceUrl: string, options: { keep?: boolean; dumpFile?: string } = {}): Promise<DrillResult> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'corridor-restore-'));
  const dumpFile = options.dumpFile ?? path.join(workDir, 'corridor.dump');
  const target = `corridor_restore_${Date.now().toString(36)}`;
  const targetUrl = Object.assign(new URL(sourceUrl), { pathname: `/${target}` }).toString();
  const admin = postgres(sourceUrl, { max: 1, onnotice: () => {} });
  try {
    // The dump is one consistent snapshot. The source's fingerprint is read right after it, so
    // the two agree when nothing was written in between: run the drill against a replica paused
    // for it, or a quiet database (docs/deploy.md).
    let started = performance.now();
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${dumpFile}`, sourceUrl]);
    const dumpSeconds = (performance.now() - started) / 1000;
    const source = await ledgerFingerprint(connect({ url: sourceUrl, maxConnections: 1 }));

    await admin.unsafe(`create database "${target}"`);
    started = performance.now();
    await run('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${targetUrl}`, dumpFile]);
    const restoreSeconds = (performance.now() - started) / 1000;

    const restoredDb = connect({ url: targetUrl, maxConnections: 1 });
    const pendingMigrations = (await migrationStatus(restoredDb.db)).pending;
    const invariantsOk = (await checkLedgerInvariants(restoredDb.db)).ok;
    const restored = await ledgerFingerprint(restoredDb);
    const result: DrillResult = {
      ok: pendingMigrations === 0 && invariantsOk && JSON.stringify(source) === JSON.stringify(restored),
      dumpBytes: (await stat(dumpFile)).size,
      dumpSeconds,
      restoreSeconds,
      restoredDatabase: target,
      source,
      restored,
      pendingMigrations,
      invariantsOk,
    };
    return result;
  } finally {
    if (!options.keep) await admin.unsafe(`drop database if exists "${target}" with (force)`);
    await admin.end();
    if (!options.dumpFile) await rm(workDir, { recursive: true, force: true });
  }
}

async function pointInTime(): Promise<void> {
  const result = await pointInTimeDrill();
  console.log(`Base backup   in ${result.baseBackupSeconds.toFixed(1)} s; then money moved, the target taken, more money moved, the instance lost`);
  console.log(`Archive       ${result.archivedSegments} WAL segments`);
  console.log(`Recovery      to ${result.target} in ${result.recoverySeconds.toFixed(1)} s (restored instance started until it took writes)`);
  console.log(`Checks        migrations pending ${result.pendingMigrations}, ledger invariants ${result.invariantsOk ? 'hold' : 'BROKEN'}, made after the target: ${result.laterMerchantPresent ? 'PRESENT' : 'absent'}`);
  console.log(`              at target ${JSON.stringify(result.atTarget)}`);
  console.log(`              restored  ${JSON.stringify(result.restored)}`);
  console.log(result.ok ? 'Point-in-time drill passed.' : 'Point-in-time drill FAILED.');
  process.exit(result.ok ? 0 : 1);
}

async function main(): Promise<void> {
  if (process.argv.includes('--point-in-time')) return pointInTime();
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('npm run restore-drill needs DATABASE_URL (the PostgreSQL database to back up and restore).');
    process.exit(2);
  }
  const args = process.argv.slice(2);
  const result = await restoreDrill(url, { keep: args.includes('--keep'), dumpFile: args.find((arg) => arg.startsWith('--dump-file='))?.split('=')[1] });
  console.log(`Dump     ${(result.dumpBytes / 1024 / 1024).toFixed(1)} MB in ${result.dumpSeconds.toFixed(1)} s`);
  console.log(`Restore  into ${result.restoredDatabase} in ${result.restoreSeconds.toFixed(1)} s${args.includes('--keep') ? ' (kept)' : ' (dropped after the checks)'}`);
  console.log(`Checks   migrations pending ${result.pendingMigrations}, ledger invariants ${result.invariantsOk ? 'hold' : 'BROKEN'}`);
  console.log(`         source   ${JSON.stringify(result.source)}`);
  console.log(`         restored ${JSON.stringify(result.restored)}`);
  console.log(result.ok ? 'Restore drill passed.' : 'Restore drill FAILED.');
  process.exit(result.ok ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
