/**
 * `npm run migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
 * In production this is the deploy step before nodes roll (docs/deploy.md); servers never migrate
 * on their own there.
 */
import path from 'node:path';
import { migrateDatabase } from '../db/migrate';
import { connect } from '../db/client';
import { lockPgliteDir } from '../db/pglite-lock';
import { migrationStatus } from '../db/migration-status';
import { env } from '../config/env';

const config = env();
if (config.DATABASE_URL) {
  await migrateDatabase({ url: config.DATABASE_URL });
  const database = connect({ url: config.DATABASE_URL, maxConnections: 1 });
  const status = await migrationStatus(database.db);
  await database.close();
  console.log(`Migrations applied (${status.applied} in all).`);
} else {
  const dataDir = path.resolve(config.PGLITE_DIR);
  const release = lockPgliteDir(dataDir);
  const database = connect({ dataDir });
  await migrateDatabase({ database });
  const status = await migrationStatus(database.db);
  await database.close();
  release();
  console.log(`Migrations applied to ${config.PGLITE_DIR} (${status.applied} in all).`);
}
