import type { PrivateKeyAccount } from 'viem/accounts';
import type { ChainConfig } from '../../chains/chains';
import type { ChainSendSettlements } from '../settlement';
import type { EvmSendNode } from './evm-send-node';

/** One EVM chain as the signer works it: its node, the hot wallet's account and the rules. */
export interface EvmSignerChain {
  chain: ChainConfig;
  node: EvmSendNode;
  account: PrivateKeyAccount;
  chainId: number;
  settlements: ChainSendSettlements;
  /** Gas limit of a token transfer: USDT's transfer uses about 65,000 on Ethereum. */
  gasLimit: bigint;
  /** A transaction not mined this long after it was signed is replaced at its nonce with higher fees. */
  stuckAfterMs: number;
  /** How often unmined bytes are handed to the node again (a node may drop them from its pool). */
  rebroadcastMs: number;
}

/** The native coin's symbol, for the gas a send spent. */
export function nativeSymbolOf(chain: ChainConfig): string {
  return chain.nativeSymbol ?? (chain.family === 'tron' ? 'TRX' : 'ETH');
}
