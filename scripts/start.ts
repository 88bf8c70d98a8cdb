/**
 * `npm start`: the one-step start. Builds when needed, migrates the database (the embedded PGlite
 * unless DATABASE_URL is set), seeds the demo data once in demo mode, and serves Corridor. In
 * production mode it first refuses missing or demo secrets, like `npm run start:prod`.
 */
import { performance } from 'node:perf_hooks';
import { getDatabase } from '../db';
import { migrateDatabase } from '../db/migrate';
import { assertReadyForProduction } from '../server/config/production-readiness';
import { seedDemo } from '../server/demo/seed-demo';
import { env } from '../config/env';
import { buildNeeded, runBuild } from './build-if-needed';
import { exitOnStartFailure, runCorridor } from './run-corridor';
import { unsupportedNodeNotice } from './supported-node';

const root = process.cwd();

async function main(): Promise<void> {
  const started = performance.now();
  const notice = unsupportedNodeNotice();
  if (notice) console.log(notice);
  const config = env();
  assertReadyForProduction(config);

  const reason = config.CORRIDOR_PAGES === 'on' ? buildNeeded(root) : null;
  if (reason) {
    console.log(`▸ Building Corridor (${reason}); the first build takes under a minute…`);
    await runBuild(root);
  }

  console.log(config.DATABASE_URL ? '▸ Migrating PostgreSQL (DATABASE_URL)…' : `▸ Migrating the embedded database in ${config.PGLITE_DIR}…`);
  // The demo's getDatabase() migrates by itself; production's only checks, so migrate here first.
  if (config.production && config.DATABASE_URL) await migrateDatabase({ url: config.DATABASE_URL });
  const database = await getDatabase();

  if (config.demo) {
    const seeded = await seedDemo(database.db);
    console.log(seeded ? '▸ Demo data seeded.' : '▸ Demo data already present.');
  }
  await runCorridor(config, database, { root, started });
}

main().catch(exitOnStartFailure);
