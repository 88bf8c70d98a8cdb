import { and, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chainDeposits, chainReorgCases } from '../../db/schema';
import { recordAudit } from '../audit';
import type { ChainConfig } from '../chains/chains';
import { log } from '../logging/log';
import { chainReorgAfterCreditTotal } from '../metrics/chain-metrics';
import type { BlockHashes } from './block-hashes';

/**
 * How long a credited deposit is still compared with the chain: until its block is this many times
 * the required confirmations deep. Past that a reorganisation is not expected of any chain we list.
 */
const REORG_WATCH_FACTOR = 2n;

/**
 * A credited deposit whose block left the chain is never reversed silently (docs/wallet.md,
 * "Reorganisations"): the watcher marks it, opens a reorg case for an operator and audits it, in
 * one transaction, and counts corridor_chain_reorg_after_credit_total (an alert in docs/operations.md).
 * The ledger is not touched: the operator decides whether the funds arrived after all.
 */
export async function watchCredited(db: Db, options: { chain: ChainConfig; head: bigint; hashes: BlockHashes; now: Date }): Promise<number> {
  const { chain, head, hashes, now } = options;
  const since = head - BigInt(chain.confirmations) * REORG_WATCH_FACTOR;
  const credited = await db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.chainKey, chain.key), eq(chainDeposits.state, 'CREDITED'), isNull(chainDeposits.reorgedAt), gte(chainDeposits.blockNumber, since < 0n ? 0n : since)));

  let opened = 0;
  for (const deposit of credited) {
    const current = await hashes.at(deposit.blockNumber);
    // No block there (a node behind) proves nothing; a different hash does.
    if (current === null || current === deposit.blockHash) continue;
    const caseId = await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(chainDeposits)
        .set({ reorgedAt: now, updatedAt: now })
        .where(and(eq(chainDeposits.id, deposit.id), isNull(chainDeposits.reorgedAt)))
        .returning({ id: chainDeposits.id });
      if (!marked) return null;
      const [opened] = await tx
        .insert(chainReorgCases)
        .values({
          depositId: deposit.id,
          chainKey: chain.key,
          txHash: deposit.txHash,
          blockNumber: deposit.blockNumber,
          creditedBlockHash: deposit.blockHash,
          currentBlockHash: current,
          ownerType: deposit.ownerType,
          ownerId: deposit.ownerId,
          amount: deposit.amount,
          openedAt: now,
        })
        .returning({ id: chainReorgCases.id });
      await recordAudit(tx, {
        actorType: 'system',
        action: 'wallet.deposit_reorged_after_credit',
        targetType: 'chain_deposit',
        targetId: deposit.id,
        details: { chain: chain.key, txHash: deposit.txHash, logIndex: deposit.logIndex, blockNumber: deposit.blockNumber.toString(), amount: deposit.amount, caseId: opened!.id },
      });
      return opened!.id;
    });
    if (!caseId) continue;
    opened += 1;
    chainReorgAfterCreditTotal.inc({ chain: chain.key });
    log('error', 'credited deposit reorganised out: reorg case opened', { chain: chain.key, depositId: deposit.id, caseId });
  }
  return opened;
}
