/**
 * `npm run start:prod`: serves a release as deployed (docs/deploy.md). It never builds, migrates or
 * seeds: it refuses to start, before listening, without real secrets (server/config/
 * production-readiness.ts), without a build (`npm run build`), or on a database behind the code
 * (`npm run migrate`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getDatabase } from '../db';
import { assertReadyForProduction } from '../server/config/production-readiness';
import { env } from '../config/env';
import { exitOnStartFailure, runCorridor } from './run-corridor';
import { unsupportedNodeNotice } from './supported-node';

const root = process.cwd();

async function main(): Promise<void> {
  const started = performance.now();
  const notice = unsupportedNodeNotice();
  if (notice) console.log(notice);
  const config = env();
  if (config.demo) throw new Error('`npm run start:prod` serves production mode only (CORRIDOR_MODE=demo is set); the demo starts with `npm start`.');
  assertReadyForProduction(config);
  if (config.CORRIDOR_PAGES === 'on' && !existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new Error('No production build in .next/. Run `npm run build` as part of the release, then start again.');
  }
  const database = await getDatabase();
  await runCorridor(config, database, { root, started });
}

main().catch(exitOnStartFailure);
