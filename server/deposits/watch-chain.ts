import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chainCursors, depositAddresses } from '../../db/schema';
import type { ChainReader } from '../chains/chain-adapter';
import type { ChainConfig } from '../chains/chains';
import { log } from '../logging/log';
import { chainDepositsTotal, chainLagBlocks } from '../metrics/chain-metrics';
import { blockHashes } from './block-hashes';
import { recordScan, type Cursor, type WatchedAddress } from './record-scan';
import { rewindBelow, settleDeposits } from './settle-deposits';
import { watchCredited } from './watch-credited';

export interface TickResult {
  head: bigint;
  cursor: bigint;
  detected: number;
  credited: number;
  held: number;
  orphaned: number;
  reorgCases: number;
  /** The cursor's block had another hash: it stepped back and the next tick scans again. */
  rewound: boolean;
}

/**
 * One pass of the chain watcher over one chain (docs/wallet.md, "The watcher"): check the cursor's
 * block is still on the chain (else step back, bounded by the confirmations), scan the next
 * bounded range for transfers to our addresses and record them with the cursor's move, settle the
 * unfinal deposits, and compare recently credited ones with the chain. Safe with several watchers:
 * the cursor moves by compare-and-set under its row lock, every state change is conditional, and
 * a credit's ledger transfer id is the deposit's identity.
 */
export async function watchChainOnce(db: Db, options: { chain: ChainConfig; reader: ChainReader; now?: Date }): Promise<TickResult> {
  const { chain, reader } = options;
  const now = options.now ?? new Date();
  const hashes = blockHashes(reader);
  const head = await reader.headHeight();
  let cursor = await cursorOf(db, chain, head, hashes.at);
  const result: TickResult = { head, cursor: cursor.height, detected: 0, credited: 0, held: 0, orphaned: 0, reorgCases: 0, rewound: false };

  if ((await hashes.at(cursor.height)) !== cursor.blockHash) {
    // The block the cursor stood on left the chain: step back one confirmation window and scan again.
    // A node that is behind the cursor now (a reorganisation to a shorter chain) is met at its head.
    const window = cursor.height - BigInt(Math.min(chain.confirmations, chain.maxBlockRange));
    const back = window < head ? window : head;
    result.rewound = await rewindBelow(db, { chain, height: back, hashes, now });
    log('warn', 'chain reorganisation below the cursor: stepping back', { chain: chain.key, from: cursor.height.toString(), to: back.toString() });
  } else if (cursor.height < head) {
    const toHeight = cursor.height + BigInt(chain.maxBlockRange) < head ? cursor.height + BigInt(chain.maxBlockRange) : head;
    const addresses = await watchedAddresses(db, chain);
    const transfers = await reader.tokenTransfers({ token: chain.tokens.USDT.contract, to: new Set(addresses.keys()), fromBlock: cursor.height + 1n, toBlock: toHeight });
    const toHash = await hashes.at(toHeight);
    // A transfer from a block that is no longer the one at its height is left for the next scan.
    const current = [];
    for (const transfer of transfers) if ((await hashes.at(transfer.blockNumber)) === transfer.blockHash) current.push(transfer);
    if (toHash && current.length === transfers.length) {
      const to: Cursor = { height: toHeight, blockHash: toHash };
      const scan = await recordScan(db, { chain, from: cursor, to, head, transfers: current, addresses, now });
      if (scan.recorded) cursor = to;
      result.detected = scan.detected;
    }
  }

  const settled = await settleDeposits(db, { chain, head, hashes, now });
  Object.assign(result, settled);
  result.reorgCases = await watchCredited(db, { chain, head, hashes, now });
  result.cursor = cursor.height;

  chainLagBlocks.set({ chain: chain.key }, Number(head - cursor.height));
  for (const outcome of ['detected', 'credited', 'held', 'orphaned'] as const) {
    if (result[outcome] > 0) chainDepositsTotal.inc({ chain: chain.key, outcome }, result[outcome]);
  }
  return result;
}

/** The chain's cursor; the first time, one range below the head (a new chain has no older deposits to us). */
async function cursorOf(db: Db, chain: ChainConfig, head: bigint, hashAt: (height: bigint) => Promise<string | null>): Promise<Cursor> {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.chainKey, chain.key));
  if (row) return row;
  const start = head > BigInt(chain.maxBlockRange) ? head - BigInt(chain.maxBlockRange) : 0n;
  const hash = await hashAt(start);
  if (!hash) throw new Error(`${chain.key}: no block at ${start}`);
  await db.insert(chainCursors).values({ chainKey: chain.key, height: start, blockHash: hash }).onConflictDoNothing();
  const [stored] = await db.select().from(chainCursors).where(eq(chainCursors.chainKey, chain.key));
  return stored!;
}

/** Every address of the chain's family, retired ones too (what reaches them is held, not missed). */
async function watchedAddresses(db: Db, chain: ChainConfig): Promise<Map<string, WatchedAddress>> {
  const rows = await db
    .select({ address: depositAddresses.address, id: depositAddresses.id, ownerType: depositAddresses.ownerType, ownerId: depositAddresses.ownerId })
    .from(depositAddresses)
    .where(eq(depositAddresses.family, chain.family));
  return new Map(rows.map((row) => [row.address, { id: row.id, ownerType: row.ownerType, ownerId: row.ownerId }]));
}
