import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chainCursors, chainDeposits, type DepositOwnerType } from '../../db/schema';
import type { TokenTransfer } from '../chains/chain-adapter';
import type { ChainConfig } from '../chains/chains';
import { toLedgerAmount } from '../chains/token-amount';
import { writeDepositEvent } from './apply-deposit-transition';

export interface Cursor {
  height: bigint;
  blockHash: string;
}

export interface WatchedAddress {
  id: string;
  ownerType: DepositOwnerType;
  ownerId: string;
}

/**
 * Records what one scan found and moves the cursor past it, in one transaction: the cursor row is
 * locked and must still be where the scan started (else another watcher got there first and this
 * scan's findings are dropped: they are the same transfers). New deposits are inserted in
 * DETECTED; one seen before is left alone (`on conflict do nothing`) and announced once.
 */
export async function recordScan(
  db: Db,
  options: { chain: ChainConfig; from: Cursor; to: Cursor; head: bigint; transfers: readonly TokenTransfer[]; addresses: ReadonlyMap<string, WatchedAddress>; now: Date },
): Promise<{ recorded: boolean; detected: number }> {
  const { chain, now } = options;
  const token = chain.tokens.USDT;
  return db.transaction(async (tx) => {
    const [cursor] = await tx.select().from(chainCursors).where(eq(chainCursors.chainKey, chain.key)).for('update');
    if (!cursor || cursor.height !== options.from.height || cursor.blockHash !== options.from.blockHash) return { recorded: false, detected: 0 };

    let detected = 0;
    for (const transfer of options.transfers) {
      const owner = options.addresses.get(transfer.to);
      const { amount, remainder } = toLedgerAmount(transfer.amount, token.decimals);
      const [row] = await tx
        .insert(chainDeposits)
        .values({
          chainKey: chain.key,
          txHash: transfer.txHash,
          logIndex: transfer.logIndex,
          token: transfer.token,
          address: transfer.to,
          depositAddressId: owner?.id ?? null,
          ownerType: owner?.ownerType ?? null,
          ownerId: owner?.ownerId ?? null,
          baseAmount: transfer.amount.toString(),
          amount,
          remainder: remainder.toString(),
          blockNumber: transfer.blockNumber,
          blockHash: transfer.blockHash,
          state: 'DETECTED',
          confirmations: Number(options.head - transfer.blockNumber + 1n),
          detectedAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [chainDeposits.chainKey, chainDeposits.txHash, chainDeposits.logIndex], where: sql`state <> 'ORPHANED'` })
        .returning();
      if (!row) continue;
      detected += 1;
      await writeDepositEvent(tx, { row, type: 'wallet.deposit_detected', now });
    }
    await tx
      .update(chainCursors)
      .set({ height: options.to.height, blockHash: options.to.blockHash, updatedAt: now })
      .where(and(eq(chainCursors.chainKey, chain.key), eq(chainCursors.height, options.from.height)));
    return { recorded: true, detected };
  });
}
