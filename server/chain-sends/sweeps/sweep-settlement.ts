import { eq } from 'drizzle-orm';
import { parseUnits } from 'viem';
import type { Tx } from '../../../db/client';
import { chainSweeps } from '../../../db/schema';
import { chainSettings } from '../../chains/chain-settings';
import { chainByKey, type ChainConfig } from '../../chains/chains';
import { queueChainSend } from '../queue-chain-send';
import type { ChainSendSettlement, ChainSendSettlements } from '../settlement';
import { applySweepTransition, type ChainSweepRow } from './apply-sweep-transition';

/**
 * The sweeps' two purposes as the signer settles them (docs/wallet.md, "Sweeps"), each step in the
 * signer's transaction for the send: a confirmed gas top-up moves the sweep to SWEEPING and queues
 * the address's USDT transfer to the hot wallet (one per sweep: its reference is the sweep's id);
 * a confirmed transfer ends it SWEPT. No ledger transfer: the USDT stays the platform's, only its
 * address changes, and the ledger counts what is owed, not where it sits. The gas burnt is recorded
 * on the sweep (in wei, or sun on TRON), as a withdrawal records its own.
 */
/** `chains`: the configured ones by default (chainSettings), read when a transfer is queued. */
export function sweepSettlements(chains?: readonly ChainConfig[]): Required<Pick<ChainSendSettlements, 'gas_topup' | 'sweep'>> {
  const noop = async () => {};
  const gasTopup: ChainSendSettlement = {
    signed: noop,
    broadcast: noop,
    async confirmed(tx, send) {
      const sweep = await lockSweep(tx, send.referenceId);
      if (sweep.state !== 'TOPPING_UP') return;
      const now = new Date();
      const moved = await applySweepTransition(tx, { sweep, action: 'topped_up', changes: { topupGasSpent: inBaseUnits(send.gasSpent, send.chain, chains) }, now });
      if (!moved) throw new Error('a locked sweep changed state');
      await queueSweepTransfer(tx, moved, chains);
    },
    async failed(tx, send) {
      const sweep = await lockSweep(tx, send.referenceId);
      if (sweep.state === 'TOPPING_UP') await applySweepTransition(tx, { sweep, action: 'fail', changes: { failureReason: `gas top-up ${send.reason}` }, now: new Date() });
    },
  };
  const sweep: ChainSendSettlement = {
    signed: noop,
    broadcast: noop,
    async confirmed(tx, send) {
      const row = await lockSweep(tx, send.referenceId);
      if (row.state !== 'SWEEPING') return;
      const now = new Date();
      await applySweepTransition(tx, { sweep: row, action: 'swept', changes: { sweepGasSpent: inBaseUnits(send.gasSpent, send.chain, chains), sweptAt: now }, now });
    },
    async failed(tx, send) {
      const row = await lockSweep(tx, send.referenceId);
      if (row.state === 'SWEEPING') await applySweepTransition(tx, { sweep: row, action: 'fail', changes: { failureReason: `transfer ${send.reason}` }, now: new Date() });
    },
  };
  return { gas_topup: gasTopup, sweep };
}

/** The USDT transfer of a sweep, from its deposit address to the hot wallet. */
export async function queueSweepTransfer(tx: Tx, sweep: ChainSweepRow, chains?: readonly ChainConfig[]): Promise<void> {
  const request = { chain: sweep.chain, purpose: 'sweep', referenceId: sweep.id, toAddress: sweep.toAddress, amount: sweep.amount, source: { index: sweep.derivationIndex, address: sweep.address } } as const;
  await (chains ? queueChainSend(tx, request, chains) : queueChainSend(tx, request));
}

/** The native coin's amount in its base unit: sun (6 decimals) on TRON, wei (18) on EVM chains. */
function inBaseUnits(amount: string, chainKey: string, chains: readonly ChainConfig[] = chainSettings().chains): string {
  return parseUnits(amount, chainByKey(chains, chainKey)?.family === 'tron' ? 6 : 18).toString();
}

async function lockSweep(tx: Tx, id: string): Promise<ChainSweepRow> {
  const [sweep] = await tx.select().from(chainSweeps).where(eq(chainSweeps.id, id)).for('update');
  if (!sweep) throw new Error(`chain send refers to sweep ${id}, which does not exist`);
  return sweep;
}
