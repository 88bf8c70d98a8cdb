/**
 * `npm run signer`'s process (scripts/signer-process.ts) with settlement handlers
 * that record each call in `signer_test_settlements`, inside the signer's transaction, so a test
 * sees which steps committed and how often; sweeps and gas top-ups with their own settlements. Spawned by tests/chain/signer-process.ts.
 */
import { runSignerProcess } from '../../scripts/signer-process';
import { sweepSettlements } from '../../server/chain-sends/sweeps/sweep-settlement';
import { tableSettlement } from './recording-settlement';

runSignerProcess({ withdrawal: tableSettlement, ...sweepSettlements() }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
