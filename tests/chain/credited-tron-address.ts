import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { chainDeposits, depositAddresses } from '../../db/schema';
import { addressDeriverFor } from '../../server/chains/address-derivers';
import type { ChainConfig } from '../../server/chains/chains';
import { TRON_XPUB } from './signer-fixture';
import type { TronStandIn } from './tron-node-stand-in';

/**
 * A TRON deposit address of the test seed (TRON_XPUB, child `index`) holding `amount` USDT base
 * units on the stand-in node, with a deposit credited to a trader as the watcher would leave it:
 * what the sweep planner looks for.
 */
export async function creditedTronAddress(db: Db, node: TronStandIn, chain: ChainConfig, index: number, amount: bigint): Promise<{ index: number; address: string; amount: bigint }> {
  const address = addressDeriverFor('tron').deriveAddress(TRON_XPUB, index);
  const [row] = await db.insert(depositAddresses).values({ ownerType: 'trader', ownerId: crypto.randomUUID(), family: 'tron', derivationIndex: index, address }).returning();
  node.setBalance(address, { token: amount });
  await db.insert(chainDeposits).values({
    chainKey: chain.key,
    txHash: randomBytes(32).toString('hex'),
    logIndex: 0,
    token: chain.tokens.USDT.contract,
    address,
    depositAddressId: row!.id,
    ownerType: 'trader',
    ownerId: row!.ownerId,
    baseAmount: amount.toString(),
    amount: (Number(amount) / 10 ** chain.tokens.USDT.decimals).toFixed(6),
    blockNumber: node.head().number,
    blockHash: node.head().blockId,
    state: 'CREDITED',
    creditedAt: new Date(),
  });
  return { index, address, amount };
}
