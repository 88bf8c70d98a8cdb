/**
 * `npm run chain-watcher`: the chain watcher on its own (docs/wallet.md, "Running the watcher"),
 * for deployments that run it apart from the web servers (then set CORRIDOR_CHAIN_WATCHER=off on
 * those). Needs PostgreSQL (DATABASE_URL): the embedded database has one owner process. Several
 * may run at once; SIGTERM finishes the ticks in flight before exiting.
 */
import { closeDatabase, getDatabase } from '../db';
import { env } from '../config/env';
import { chainSettings } from '../server/chains/chain-settings';
import { assertReadyForProduction } from '../server/config/production-readiness';
import { startChainWatcher } from '../server/deposits/start-chain-watcher';
import { log } from '../server/logging/log';

async function main() {
  const config = env();
  if (!config.DATABASE_URL) {
    console.error('npm run chain-watcher needs DATABASE_URL (PostgreSQL): the embedded database belongs to the npm start process, whose own watcher already runs.');
    process.exit(2);
  }
  assertReadyForProduction(config);
  const { chains } = chainSettings();
  if (chains.length === 0) {
    console.error('No chains configured: set CORRIDOR_CHAINS or CORRIDOR_CHAINS_FILE (docs/wallet.md, "Configuration").');
    process.exit(2);
  }
  const { db } = await getDatabase();
  const stopWatcher = startChainWatcher(db, chains, { keepProcessAlive: true });
  const stop = async (signal: string) => {
    log('info', 'chain watcher stopping', { signal });
    await stopWatcher();
    await closeDatabase();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // Said once the handlers are in place: whoever waits for this line may stop the watcher at once.
  log('info', 'chain watcher started', { chains: chains.map((chain) => chain.key) });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
