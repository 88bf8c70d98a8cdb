/**
 * `npm run signer`: the only process that holds the hot wallet's key (docs/wallet.md, "The
 * signer"). Run it on its own host, apart from the web servers, with DATABASE_URL,
 * CORRIDOR_CHAINS, CORRIDOR_SIGNER_KEY_FILE and a CORRIDOR_ENCRYPTION_KEYS that lists the
 * `hot-wallet` key.
 */
import { runSignerProcess } from './signer-process';
import type { ChainSendSettlements } from '../server/chain-sends/settlement';
import { sweepSettlements } from '../server/chain-sends/sweeps/sweep-settlement';
import { withdrawalSettlement } from '../server/withdrawals/withdrawal-settlement';

// Each purpose's settlement handlers register here. Sends of a purpose without handlers stay
// QUEUED: nothing is sent that its caller could not account for.
const settlements: ChainSendSettlements = { withdrawal: withdrawalSettlement, ...sweepSettlements() };

runSignerProcess(settlements).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
