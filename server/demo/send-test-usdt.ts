import { createWalletClient, erc20Abi, getAddress, http } from 'viem';
import { anvilChain } from './anvil-chain';
import type { Db } from '../../db/client';
import { env } from '../../config/env';
import { chainDepositAddress } from '../deposits/chain-deposit-address';
import type { DepositOwner } from '../deposits/deposit-address';
import type { ChainSettings } from '../chains/chain-settings';
import { DomainError } from '../errors';
import { demoChain } from './demo-chain';

/** What one press of "send test USDT" sends. */
const TEST_AMOUNT = 25_000_000n;

/**
 * Demo only: the demo funder sends 25 test USDT on the demo chain to the caller's own deposit
 * address (never an address from the request), so a newcomer watches a deposit arrive and credit.
 * Anywhere else (production, no demo chain, another chain) it is CHAIN_NOT_SUPPORTED.
 */
export async function sendTestUsdt(db: Db, options: { owner: DepositOwner; chainKey: string; settings: ChainSettings }): Promise<{ txHash: string; amount: string }> {
  const chain = demoChain();
  if (!env().demo || !chain || chain.chainKey !== options.chainKey) {
    throw new DomainError('CHAIN_NOT_SUPPORTED', 'Test USDT can be sent only on the demo chain, in demo mode.');
  }
  const { address } = await chainDepositAddress(db, { owner: options.owner, chainKey: options.chainKey, settings: options.settings });
  const client = createWalletClient({ chain: anvilChain, transport: http(chain.rpcUrl), account: chain.funder });
  const txHash = await client.writeContract({ address: chain.token, abi: erc20Abi, functionName: 'transfer', args: [getAddress(address), TEST_AMOUNT] });
  return { txHash, amount: '25.000000' };
}
