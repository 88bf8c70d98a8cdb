import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { handleOperationsRequest } from '../app/_operations/operations-routes';
import { closeDatabase, getDatabase } from '../db';
import { env } from '../config/env';
import { chainSettings } from '../server/chains/chain-settings';
import { keyring } from '../server/config/keyring';
import { assertReadyForProduction } from '../server/config/production-readiness';
import { log } from '../server/logging/log';
import { loadDepositSeed, loadTronDepositSeed } from '../server/chain-sends/deposit-seed';
import { loadHotWalletKey } from '../server/chain-sends/hot-wallet-key';
import type { ChainSendSettlements } from '../server/chain-sends/settlement';
import { startSigner } from '../server/chain-sends/start-signer';

/**
 * The signer as a process of its own (`npm run signer`, docs/wallet.md "The signer"): the only
 * process that opens the hot wallet's key file. Needs PostgreSQL; several may run at once; SIGTERM
 * finishes the ticks in flight before exiting, and kill -9 at any moment loses nothing, because every
 * step commits with its settlement in one transaction and bytes are stored before they are sent.
 */
export async function runSignerProcess(settlements: ChainSendSettlements): Promise<void> {
  const config = env();
  if (!config.DATABASE_URL) {
    console.error('npm run signer needs DATABASE_URL (PostgreSQL).');
    process.exit(2);
  }
  if (!config.CORRIDOR_SIGNER_KEY_FILE) {
    console.error('npm run signer needs CORRIDOR_SIGNER_KEY_FILE (make one with `npm run corridor -- signer encrypt-key`).');
    process.exit(2);
  }
  assertReadyForProduction(config);
  const { chains } = chainSettings();
  if (chains.length === 0) {
    console.error('No chains configured: set CORRIDOR_CHAINS or CORRIDOR_CHAINS_FILE (docs/wallet.md, "Configuration").');
    process.exit(2);
  }
  const key = loadHotWalletKey(keyring(), config.CORRIDOR_SIGNER_KEY_FILE);
  // The deposit seed, for sweeps: checked against CORRIDOR_EVM_XPUB, the key the addresses came from.
  const depositAccounts = config.CORRIDOR_SIGNER_SEED_FILE ? loadDepositSeed(keyring(), config.CORRIDOR_SIGNER_SEED_FILE, config.CORRIDOR_EVM_XPUB) : undefined;
  // The same seed's TRON account, checked against CORRIDOR_TRON_XPUB, when TRON deposits are configured.
  const tronDepositAccounts =
    config.CORRIDOR_SIGNER_SEED_FILE && config.CORRIDOR_TRON_XPUB ? loadTronDepositSeed(keyring(), config.CORRIDOR_SIGNER_SEED_FILE, config.CORRIDOR_EVM_XPUB, config.CORRIDOR_TRON_XPUB) : undefined;
  const { db } = await getDatabase();
  const stopSigner = startSigner({
    db,
    chains,
    key,
    settlements,
    stuckAfterMs: config.CORRIDOR_SIGNER_STUCK_SECONDS * 1000,
    rebroadcastMs: config.CORRIDOR_SIGNER_REBROADCAST_SECONDS * 1000,
    depositAccounts,
    tronDepositAccounts,
    sweepEveryMs: config.CORRIDOR_SWEEP_INTERVAL_SECONDS * 1000,
    keepProcessAlive: true,
  });
  // The signer's own counters (corridor_signer_attempts_total) on a private port, when asked.
  const metricsServer = config.METRICS_PORT ? await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST }) : undefined;
  const stop = async (signal: string) => {
    log('info', 'signer stopping', { signal });
    await stopSigner();
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    await closeDatabase();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  // Said once the handlers are in place: whoever waits for this line may stop the signer at once.
  log('info', 'signer started', { chains: chains.map((chain) => chain.key), address: key.address, purposes: Object.keys(settlements), sweeps: depositAccounts !== undefined, tronSweeps: tronDepositAccounts !== undefined });
}

/** METRICS_PORT: the probes and /metrics with the signer's counters, no pages nor API (not scripts/serve.ts, which loads Next). */
async function startMetricsServer(options: { port: number; host: string }): Promise<Server> {
  const handle = getRequestListener((request) => handleOperationsRequest(request, { metricsOpen: true }), { overrideGlobalObjects: false });
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
