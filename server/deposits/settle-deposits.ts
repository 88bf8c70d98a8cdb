import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chainCursors, chainDeposits, depositAddresses } from '../../db/schema';
import type { ChainConfig } from '../chains/chains';
import { accountIds } from '../ledger/account-ids';
import { move } from '../ledger/move';
import { Dec } from '../money/decimal';
import { applyDepositTransition } from './apply-deposit-transition';
import type { BlockHashes } from './block-hashes';

/** Unfinal deposits looked at per tick and chain; the rest wait for the next tick. */
const SETTLE_BATCH = 500;

type DepositRow = typeof chainDeposits.$inferSelect;

export interface SettleCounts {
  credited: number;
  held: number;
  orphaned: number;
}

/** The ledger transfer of a deposit's credit: one per (chain, tx hash, log index), so never twice. */
export function depositTransferId(deposit: Pick<DepositRow, 'chainKey' | 'txHash' | 'logIndex'>): string {
  return `deposit:${deposit.chainKey}:${deposit.txHash.toLowerCase()}:${deposit.logIndex}`;
}

/**
 * Moves the chain's DETECTED deposits on (docs/wallet.md, "Deposit states"): one whose block has
 * another hash now is ORPHANED (and the cursor steps back below it, so a transaction mined again
 * in a new block is seen again); one with enough confirmations is confirmed and credited, or held,
 * in one transaction with its ledger transfer and event. The rest get their confirmation count.
 */
export async function settleDeposits(db: Db, options: { chain: ChainConfig; head: bigint; hashes: BlockHashes; now: Date }): Promise<SettleCounts> {
  const { chain, head, hashes, now } = options;
  const counts: SettleCounts = { credited: 0, held: 0, orphaned: 0 };
  const open = await db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.chainKey, chain.key), eq(chainDeposits.state, 'DETECTED')))
    .orderBy(asc(chainDeposits.blockNumber), asc(chainDeposits.logIndex))
    .limit(SETTLE_BATCH);

  let lowestOrphan: bigint | undefined;
  for (const deposit of open) {
    const current = await hashes.at(deposit.blockNumber);
    // No block there: a node behind the one that reported the deposit (providers balance over
    // several). Nothing is decided on that; the next tick asks again.
    if (current === null) continue;
    if (current !== deposit.blockHash) {
      const orphaned = await db.transaction((tx) => applyDepositTransition(tx, { deposit, action: 'orphan', changes: { orphanedAt: now }, now }));
      if (orphaned) counts.orphaned += 1;
      if (lowestOrphan === undefined || deposit.blockNumber < lowestOrphan) lowestOrphan = deposit.blockNumber;
      continue;
    }
    const confirmations = Number(head - deposit.blockNumber + 1n);
    if (confirmations < chain.confirmations) {
      if (confirmations !== deposit.confirmations) {
        await db.update(chainDeposits).set({ confirmations, updatedAt: now }).where(and(eq(chainDeposits.id, deposit.id), eq(chainDeposits.state, 'DETECTED')));
      }
      continue;
    }
    const outcome = await finalize(db, { chain, deposit, confirmations, now });
    if (outcome === 'credited') counts.credited += 1;
    if (outcome === 'held') counts.held += 1;
  }

  if (lowestOrphan !== undefined) await rewindBelow(db, { chain, height: lowestOrphan - 1n, hashes, now });
  return counts;
}

/** Confirms a final deposit and credits it (or holds it) in one transaction; null when another watcher did. */
async function finalize(db: Db, options: { chain: ChainConfig; deposit: DepositRow; confirmations: number; now: Date }): Promise<'credited' | 'held' | null> {
  const { chain, confirmations, now } = options;
  return db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(chainDeposits).where(eq(chainDeposits.id, options.deposit.id)).for('update');
    if (!deposit || deposit.state !== 'DETECTED') return null;
    const confirmed = await applyDepositTransition(tx, { deposit, action: 'confirm', changes: { confirmations, confirmedAt: now }, now });
    if (!confirmed) return null;

    const reason = await holdReason(tx as unknown as Db, confirmed, chain);
    if (reason) {
      await applyDepositTransition(tx, { deposit: confirmed, action: 'hold', changes: { heldReason: reason }, now });
      return 'held';
    }
    const transferId = depositTransferId(confirmed);
    const owner = confirmed.ownerType === 'merchant' ? accountIds.merchantAvailable(confirmed.ownerId!) : accountIds.traderAvailable(confirmed.ownerId!);
    await move(tx, {
      id: transferId,
      kind: 'deposit.credit',
      memo: `${chain.key} ${confirmed.txHash}:${confirmed.logIndex}`,
      from: accountIds.external,
      to: [{ accountId: owner, amount: confirmed.amount }],
    });
    await applyDepositTransition(tx, { deposit: confirmed, action: 'credit', changes: { creditedAt: now, transferId }, now });
    return 'credited';
  });
}

/** Why a final deposit is held rather than credited, or null to credit it. */
async function holdReason(db: Db, deposit: DepositRow, chain: ChainConfig): Promise<string | null> {
  if (!deposit.depositAddressId || !deposit.ownerType || !deposit.ownerId) return 'unknown_address';
  const [address] = await db.select({ retiredAt: depositAddresses.retiredAt }).from(depositAddresses).where(eq(depositAddresses.id, deposit.depositAddressId));
  if (!address || address.retiredAt) return 'retired_address';
  const amount = new Dec(deposit.amount);
  if (amount.isZero() || amount.lessThan(chain.minimumDeposit)) return 'below_minimum';
  return null;
}

/**
 * Puts the chain's cursor back to `height` (with the hash the node has there now) when it is
 * further on: what lies above is scanned again, and deposits already recorded are left alone.
 */
export async function rewindBelow(db: Db, options: { chain: ChainConfig; height: bigint; hashes: BlockHashes; now: Date }): Promise<boolean> {
  const height = options.height < 0n ? 0n : options.height;
  const hash = await options.hashes.at(height);
  if (!hash) return false;
  const rows = await db
    .update(chainCursors)
    .set({ height, blockHash: hash, updatedAt: options.now })
    .where(and(eq(chainCursors.chainKey, options.chain.key), gt(chainCursors.height, height)))
    .returning({ height: chainCursors.height });
  return rows.length > 0;
}
