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
import { startDemoChain } from '../server/demo/start-demo-chain';
import { chainSettingsFrom, setProcessChainSettings } from '../server/chains/chain-settings';
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
    if (config.CORRIDOR_DEMO_CHAIN === 'on' && !config.CORRIDOR_CHAINS && !config.CORRIDOR_CHAINS_FILE) await configureDemoChain(config);
  }
  await runCorridor(config, database, { root, started });
}

/**
 * The demo's local chain (docs/wallet.md, "The demo chain"): anvil with a test USDT, configured for
 * this process and, through the environment, for the pages' bundle, which reads it at its first
 * request. Without anvil the demo runs without a chain and the wallet pages say how to add one.
 */
async function configureDemoChain(config: ReturnType<typeof env>): Promise<void> {
  const started = await startDemoChain({ port: config.CORRIDOR_DEMO_CHAIN_PORT });
  if ('reason' in started) {
    console.log(`▸ No demo chain: ${started.reason}. The wallet pages explain how to configure a chain.`);
    return;
  }
  process.env.CORRIDOR_CHAINS = JSON.stringify([started.chain]);
  process.env.CORRIDOR_EVM_XPUB = started.xpub;
  setProcessChainSettings(chainSettingsFrom({ ...config, CORRIDOR_CHAINS: process.env.CORRIDOR_CHAINS, CORRIDOR_EVM_XPUB: started.xpub }));
  console.log(`▸ Demo chain: anvil at ${started.chain.rpcUrl} with a test USDT, watched as "${started.chain.key}".`);
}

main().catch(exitOnStartFailure);
