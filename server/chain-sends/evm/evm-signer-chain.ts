import type { PrivateKeyAccount } from 'viem/accounts';
import type { ChainConfig } from '../../chains/chains';
import type { DepositAccounts } from '../deposit-accounts';
import type { ChainSendSettlements } from '../settlement';
import type { EvmSendNode } from './evm-send-node';

/** One EVM chain as the signer works it: its node, the hot wallet's account and the rules. */
export interface EvmSignerChain {
  chain: ChainConfig;
  node: EvmSendNode;
  account: PrivateKeyAccount;
  chainId: number;
  settlements: ChainSendSettlements;
  /**
   * The gas limit used when the node cannot estimate one: USDT's transfer uses about 65,000 on
   * Ethereum. Otherwise a send's limit is the node's estimate plus a quarter (gas-limit.ts).
   */
  gasLimit: bigint;
  /** The deposit addresses' keys, from the seed file; absent: no sweeps are planned or signed. */
  depositAccounts?: DepositAccounts;
  /** A transaction not mined this long after it was signed is replaced at its nonce with higher fees. */
  stuckAfterMs: number;
  /** How often unmined bytes are handed to the node again (a node may drop them from its pool). */
  rebroadcastMs: number;
}

/** The native coin's symbol, for the gas a send spent. */
export function nativeSymbolOf(chain: ChainConfig): string {
  return chain.nativeSymbol ?? (chain.family === 'tron' ? 'TRX' : 'ETH');
}
